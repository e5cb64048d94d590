// https://vike.dev/route: logical URL set by renderer/+onBeforeRoute.ts
export default '/~/guide/@id'
