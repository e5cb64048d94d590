// The six-digit code from an authenticator app, with its inline error.
export function TotpCodeField({ id, value, onChange, error }: { id: string; value: string; onChange: (code: string) => void; error: string | null }) {
  return (
    <div className="field">
      <label htmlFor={id}>Code from your authenticator app</label>
      <input
        id={id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        dir="ltr"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
