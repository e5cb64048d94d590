// https://vike.dev/client: content pages have no onRenderClient (HTML only) and load just this.
import { enhance } from '../../renderer/enhance'

enhance()
