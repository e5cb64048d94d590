// https://vike.dev/client: content pages have no onRenderClient (HTML only) and load just this.
import '../../renderer/styles.css'
import { enhance } from '../../renderer/enhance'

enhance()
