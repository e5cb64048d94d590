export default function Page() {
  return (
    <section className="section">
      <div className="container prose">
        <h1>Localization QA report</h1>
      </div>
    </section>
  )
}
