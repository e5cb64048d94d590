// https://vike.dev/route-function: matches the logical URL set by renderer/+onBeforeRoute.ts
import { logicalRoute } from '../../lib/routing/logical'

export default logicalRoute('admin')
