// The Kubernetes manifests of deploy/kubernetes/ (plain YAML, decision 0561), read as a cluster would
// receive them: every document of every *.yaml file, in file-name order (the order of
// `kubectl apply -f deploy/kubernetes/`). Shared by the manifests' unit test and the image test
// (which gives each role the stop budget its Deployment gives it).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";

export const MANIFEST_DIR = path.resolve(import.meta.dirname, "../../deploy/kubernetes");

/** One object of the manifests (the fields the checks read; the schemas check the rest). */
export interface K8sObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly labels?: Record<string, string> };
  readonly [field: string]: unknown;
}

export interface ManifestDocument {
  readonly file: string;
  readonly object: K8sObject;
}

export function loadManifests(dir: string = MANIFEST_DIR): ManifestDocument[] {
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  const out: ManifestDocument[] = [];
  for (const file of files) {
    for (const doc of parseAllDocuments(readFileSync(path.join(dir, file), "utf8"))) {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join("; ")}`);
      const object = doc.toJS() as K8sObject | null;
      if (object !== null) out.push({ file, object });
    }
  }
  return out;
}

/** The parts of a pod template the checks read. */
export interface Container {
  readonly name: string;
  readonly image?: string;
  readonly args?: string[];
  readonly env?: Array<{ name: string; value?: string; valueFrom?: unknown }>;
  readonly envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readonly ports?: Array<{ name?: string; containerPort: number }>;
  readonly lifecycle?: { preStop?: { exec?: { command?: string[] }; sleep?: { seconds: number } } };
  readonly resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readonly securityContext?: Record<string, unknown>;
  readonly [field: string]: unknown;
}
export interface PodSpec {
  readonly containers: Container[];
  readonly initContainers?: Container[];
  readonly terminationGracePeriodSeconds?: number;
  readonly restartPolicy?: string;
  readonly securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; runAsGroup?: number };
  readonly [field: string]: unknown;
}

/** The pod spec of a Deployment or Job; null for other kinds. */
export function podSpecOf(object: K8sObject): PodSpec | null {
  if (object.kind !== "Deployment" && object.kind !== "Job") return null;
  const spec = object.spec as { template: { spec: PodSpec } };
  return spec.template.spec;
}

/** Seconds of a preStop hook's sleep (exec `sleep N` or the sleep action); 0 without one. */
export function preStopSeconds(container: Container): number {
  const hook = container.lifecycle?.preStop;
  if (hook?.sleep) return hook.sleep.seconds;
  const command = hook?.exec?.command ?? [];
  return command[0] === "sleep" ? Number(command[1]) : 0;
}

/**
 * What a role's process has to stop in after SIGTERM: the grace period minus the preStop sleep
 * that runs before SIGTERM is sent (Kubernetes counts both against terminationGracePeriodSeconds).
 */
export function stopBudgetSeconds(deployment: K8sObject): number {
  const pod = podSpecOf(deployment);
  if (!pod) throw new Error(`${deployment.kind}/${deployment.metadata.name} has no pod template`);
  const [main] = pod.containers;
  return (pod.terminationGracePeriodSeconds ?? 30) - (main ? preStopSeconds(main) : 0);
}

/** The Deployment that runs PIN_ROLES=<role>. */
export function deploymentOfRole(docs: readonly ManifestDocument[], role: string): K8sObject {
  const found = docs.find(
    ({ object }) =>
      object.kind === "Deployment" &&
      podSpecOf(object)?.containers.some((c) =>
        c.env?.some((e) => e.name === "PIN_ROLES" && e.value === role),
      ),
  );
  if (!found) throw new Error(`no Deployment with PIN_ROLES=${role} in ${MANIFEST_DIR}`);
  return found.object;
}
