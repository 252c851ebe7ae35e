// Issue #40 item 3: deploy/kubernetes/ renders (plain YAML: parsed as kubectl reads it) and every
// object is valid against the Kubernetes schemas (kubernetes-models); the objects fit together
// (selectors, ports, references, one image), the pods are locked down, the stop budgets and the
// Dockerfile agree with them. The settings they name: kubernetes-settings.unit.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { Job } from "kubernetes-models/batch/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { ConfigMap, Secret, Service } from "kubernetes-models/v1";
import { describe, expect, it } from "vitest";
import {
  type Container,
  deploymentOfRole,
  type K8sObject,
  loadManifests,
  MANIFEST_DIR,
  type PodSpec,
  podSpecOf,
  preStopSeconds,
  stopBudgetSeconds,
} from "./manifests.js";

const docs = loadManifests();
const objects = docs.map((d) => d.object);
const ofKind = (kind: string): K8sObject[] => objects.filter((o) => o.kind === kind);
const ROLES = ["api", "consumers", "workers"] as const;
/** docs/guide/deployment.md "Graceful shutdown": the app stops within 30 s of SIGTERM. */
const APP_STOP_SECONDS = 30;
const DOCKERFILE = readFileSync(path.resolve(MANIFEST_DIR, "../../Dockerfile"), "utf8");

type Validating = new (data: never) => { validate(): void };
/** The kubernetes-models class of each apiVersion/kind the manifests use; another kind fails the check. */
const MODELS: Readonly<Record<string, Validating>> = {
  "v1/ConfigMap": ConfigMap,
  "v1/Secret": Secret,
  "v1/Service": Service,
  "apps/v1/Deployment": Deployment,
  "batch/v1/Job": Job,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
};
function validate(object: K8sObject): void {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) throw new Error(`no schema model for ${object.apiVersion} ${object.kind}: add it to MODELS`);
  new Model(object as never).validate();
}

const containersOf = (o: K8sObject): Container[] => {
  const pod = podSpecOf(o);
  return pod ? [...pod.containers, ...(pod.initContainers ?? [])] : [];
};
const podLabels = (o: K8sObject): Record<string, string> =>
  (o.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
const selects = (selector: Record<string, string>, labels: Record<string, string>): boolean =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

/** A CPU quantity in millicores, a memory quantity in bytes (the forms the manifests use). */
function quantity(value: string | number): number {
  const text = String(value);
  const units: Record<string, number> = {
    m: 1e-3,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    "": 1,
  };
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|k|M|G|)$/.exec(text);
  if (!match) throw new Error(`not a quantity: ${text}`);
  return Number(match[1]) * (units[match[2] as string] as number);
}

describe("deploy/kubernetes: the manifests", () => {
  it("render: every document parses to an object with apiVersion, kind and a name", () => {
    expect(docs.length).toBeGreaterThanOrEqual(12);
    for (const { file, object } of docs) {
      expect(object.apiVersion, file).toMatch(/^([a-z0-9.]+\/)?v\d+(beta\d+)?$/);
      expect(object.kind, file).toMatch(/^[A-Z]\w+$/);
      expect(object.metadata?.name, `${file} ${object.kind}`).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    }
  });

  it("validate against the Kubernetes schemas (kubernetes-models)", () => {
    for (const { file, object } of docs)
      expect(() => validate(object), `${file}: ${object.kind}/${object.metadata.name}`).not.toThrow();
  });

  it("the schema check can fail: a wrong type, a bad quantity, an unknown kind", () => {
    const api = structuredClone(deploymentOfRole(docs, "api")) as K8sObject & { spec: { replicas: unknown } };
    api.spec.replicas = "two";
    expect(() => validate(api)).toThrow(/replicas/);
    const job = structuredClone(objects.find((o) => o.kind === "Job") as K8sObject);
    const limits = podSpecOf(job)?.containers[0]?.resources?.limits as Record<string, string>;
    limits.memory = "1 GB";
    expect(() => validate(job)).toThrow(/memory/);
    expect(() => validate({ ...job, kind: "CronJob" })).toThrow(/no schema model/);
  });

  it("hold every object the deployment needs, one of each name", () => {
    expect(
      ofKind("Deployment")
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(["pin-api", "pin-consumers", "pin-workers"]);
    for (const role of ROLES) expect(deploymentOfRole(docs, role).metadata.name).toBe(`pin-${role}`);
    expect(ofKind("Service")).toHaveLength(3);
    expect(ofKind("PodDisruptionBudget")).toHaveLength(3);
    expect(ofKind("HorizontalPodAutoscaler").map((h) => h.metadata.name)).toEqual(["pin-api"]);
    expect(ofKind("Job").map((j) => j.metadata.name)).toEqual(["pin-migrate"]);
    expect(ofKind("ConfigMap")).toHaveLength(1);
    expect(ofKind("Secret")).toHaveLength(1);
    const names = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it("fit together: references, selectors, ports, one image", () => {
    const configMaps = new Set(ofKind("ConfigMap").map((c) => c.metadata.name));
    const secrets = new Set(ofKind("Secret").map((c) => c.metadata.name));
    const images = new Set<string>();
    for (const o of [...ofKind("Deployment"), ...ofKind("Job")]) {
      for (const c of containersOf(o)) {
        images.add(c.image ?? "");
        for (const from of c.envFrom ?? []) {
          if (from.configMapRef)
            expect(configMaps.has(from.configMapRef.name), from.configMapRef.name).toBe(true);
          if (from.secretRef) expect(secrets.has(from.secretRef.name), from.secretRef.name).toBe(true);
        }
      }
    }
    expect(images.size, [...images].join(", ")).toBe(1);
    for (const service of ofKind("Service")) {
      const spec = service.spec as { selector: Record<string, string>; ports: Array<{ targetPort: string }> };
      const targets = ofKind("Deployment").filter((d) => selects(spec.selector, podLabels(d)));
      expect(
        targets.map((d) => d.metadata.name),
        service.metadata.name,
      ).toEqual([service.metadata.name]);
      const portNames = new Set(
        containersOf(targets[0] as K8sObject).flatMap((c) => (c.ports ?? []).map((p) => p.name)),
      );
      for (const port of spec.ports)
        expect(portNames.has(port.targetPort), `${service.metadata.name} → ${port.targetPort}`).toBe(true);
    }
    for (const pdb of ofKind("PodDisruptionBudget")) {
      const selector = (pdb.spec as { selector: { matchLabels: Record<string, string> } }).selector
        .matchLabels;
      expect(
        ofKind("Deployment").filter((d) => selects(selector, podLabels(d))),
        pdb.metadata.name,
      ).toHaveLength(1);
    }
    const [hpa] = ofKind("HorizontalPodAutoscaler") as [K8sObject];
    const target = (hpa.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef;
    expect(target).toMatchObject({ kind: "Deployment", name: "pin-api" });
  });

  it("probe every role on the ops port: startup and liveness on /healthz, readiness on /readyz; each container asks for and caps CPU and memory", () => {
    for (const role of ROLES) {
      const [main] = containersOf(deploymentOfRole(docs, role)) as [Container];
      const probe = (name: string) => (main[name] as { httpGet: { path: string; port: string } }).httpGet;
      expect(probe("startupProbe"), role).toEqual({ path: "/healthz", port: "ops" });
      expect(probe("livenessProbe"), role).toEqual({ path: "/healthz", port: "ops" });
      expect(probe("readinessProbe"), role).toEqual({ path: "/readyz", port: "ops" });
      expect(main.ports?.find((p) => p.name === "ops")?.containerPort, role).toBe(9464);
    }
    for (const o of [...ofKind("Deployment"), ...ofKind("Job")]) {
      for (const c of containersOf(o)) {
        const r = c.resources as { requests: Record<string, string>; limits: Record<string, string> };
        for (const res of ["cpu", "memory"]) {
          expect(quantity(r.requests[res] as string), `${c.name} ${res}`).toBeGreaterThan(0);
          expect(quantity(r.requests[res] as string), `${c.name} ${res}`).toBeLessThanOrEqual(
            quantity(r.limits[res] as string),
          );
        }
      }
    }
  });

  it("run non-root, read-only, without privileges", () => {
    for (const o of [...ofKind("Deployment"), ...ofKind("Job")]) {
      const security = podSpecOf(o)?.securityContext;
      expect(security?.runAsNonRoot, o.metadata.name).toBe(true);
      expect(security?.runAsUser, o.metadata.name).toBeGreaterThan(0);
      for (const c of containersOf(o))
        expect(c.securityContext, c.name).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ["ALL"] },
        });
    }
  });

  it("give each role time to stop: the api drains behind a preStop sleep, and every app stop fits in what is left", () => {
    const api = deploymentOfRole(docs, "api");
    expect(preStopSeconds(containersOf(api)[0] as Container)).toBeGreaterThanOrEqual(5);
    for (const role of ROLES)
      expect(stopBudgetSeconds(deploymentOfRole(docs, role)), role).toBeGreaterThanOrEqual(APP_STOP_SECONDS);
  });

  it("migrate with the image's migrate command, once, never restarted in place", () => {
    const [job] = ofKind("Job");
    const pod = podSpecOf(job as K8sObject) as PodSpec;
    expect(pod.restartPolicy).toBe("Never");
    expect(pod.containers[0]?.args).toEqual(["node", "--enable-source-maps", "dist/cli.js", "migrate"]);
  });

  it("agree with the Dockerfile: the user, the ports, the health check's path", () => {
    expect(DOCKERFILE).toMatch(/^USER 1000:1000$/m);
    expect(DOCKERFILE).toMatch(/^EXPOSE 4000 9464$/m);
    expect(DOCKERFILE).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD \["node", "-e", "[^\n]*\/healthz/m);
    expect(DOCKERFILE).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    for (const role of ROLES) {
      const security = podSpecOf(deploymentOfRole(docs, role))?.securityContext;
      expect(security, role).toMatchObject({ runAsUser: 1000, runAsGroup: 1000 });
    }
  });
});
