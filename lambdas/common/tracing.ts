/**
 * X-Ray tracing through Powertools Tracer, loaded only where it can work: in Lambda, unless
 * POWERTOOLS_TRACE_ENABLED is `false`. The Tracer brings aws-xray-sdk-core, which is heavy, so it
 * is imported on the first traced invocation, never at module load: a function without tracing
 * (and the local runtime, the tests, the bench) never evaluates it.
 *
 * AWS clients register here when they are built (clients.ts, secrets.ts); each is captured once
 * the Tracer is loaded, so every SDK call shows as a subsegment. Outbound fetch calls (the AI
 * provider, Polygon, Stripe) are captured by the Tracer itself.
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';

/** What captureAWSv3Client needs of an SDK v3 client. */
interface SdkClient {
  middlewareStack: object;
  send: (...args: never[]) => unknown;
}

const clients: SdkClient[] = [];
let loading: Promise<Tracer> | undefined;
let tracer: Tracer | undefined;

/** In Lambda (the runtime sets AWS_LAMBDA_FUNCTION_NAME), unless switched off. */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false' && Boolean(env.AWS_LAMBDA_FUNCTION_NAME);
}

/** Registers an AWS SDK v3 client to be traced; returns it unchanged (captured later, if ever). */
export function traceClient<C extends SdkClient>(client: C): C {
  clients.push(client);
  tracer?.captureAWSv3Client(client);
  return client;
}

async function loadTracer(service: string): Promise<Tracer> {
  const { Tracer: PowertoolsTracer } = await import('@aws-lambda-powertools/tracer');
  const loaded = new PowertoolsTracer({ serviceName: service });
  for (const client of clients) loaded.captureAWSv3Client(client);
  tracer = loaded;
  return loaded;
}

/**
 * Runs one invocation inside a `## name` subsegment annotated with the cold start, the service
 * and `annotations` (never a user's data). Without tracing, or if the Tracer cannot be loaded,
 * it just runs `work`.
 */
export async function traced<T>(
  service: string,
  name: string,
  annotations: Record<string, string>,
  work: () => Promise<T>,
  onUnavailable: (error: unknown) => void = () => {},
): Promise<T> {
  if (!tracingEnabled()) return work();
  let active: Tracer;
  try {
    active = await (loading ??= loadTracer(service));
  } catch (error) {
    // A trace is worth less than the request: serve it untraced, and say why (once per invocation).
    onUnavailable(error);
    return work();
  }
  const segment = active.getSegment();
  if (!segment) return work();
  const subsegment = segment.addNewSubsegment(`## ${name}`);
  active.setSegment(subsegment);
  active.annotateColdStart();
  active.addServiceNameAnnotation();
  for (const [key, value] of Object.entries(annotations)) active.putAnnotation(key, value);
  try {
    return await work();
  } catch (error) {
    active.addErrorAsMetadata(error as Error);
    throw error;
  } finally {
    subsegment.close();
    active.setSegment(segment);
  }
}

/** Marks the current trace with an error that was handled (a 500 answered, not thrown). */
export function traceError(error: unknown): void {
  if (tracer && error instanceof Error) tracer.addErrorAsMetadata(error);
}
