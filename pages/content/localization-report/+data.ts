// https://vike.dev/data
export function data() {
  return { head: { title: 'Localization QA report | Elastinet', description: 'Translation completeness per locale.' } }
}
