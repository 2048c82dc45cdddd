// Where this process's spans go (issue 32, ADR 042), from OpenTelemetry's standard variables, so any collector or
// vendor that speaks OTLP/HTTP is configured the way its own documentation says. Kept apart from the SDK: the config
// reads it in every process, the SDK is loaded only when it answers a URL.

/** OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none: no tracing at all, not even to a development sandbox. */
export function tracingRefused(env: { OTEL_SDK_DISABLED?: string; OTEL_TRACES_EXPORTER?: string }): boolean {
  return (
    env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true' ||
    env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none'
  );
}

/** Where spans go, from the standard variables: the traces endpoint as given, or `<endpoint>/v1/traces`. */
export function otlpTracesUrl(env: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_SDK_DISABLED?: string;
  OTEL_TRACES_EXPORTER?: string;
}): string | undefined {
  if (tracingRefused(env)) return undefined;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return undefined;
  return `${base.replace(/\/$/, '')}/v1/traces`;
}
