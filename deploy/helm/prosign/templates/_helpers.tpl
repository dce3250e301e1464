{{/* Names: the release's name, or the release's name and the chart's, cut to 63 characters (a DNS label). */}}
{{- define "prosign.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "prosign.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* A component's name: (dict "root" $ "component" "api"). Components' suffixes are short, so the fullname is cut to leave them room. */}}
{{- define "prosign.componentName" -}}
{{- printf "%s-%s" (include "prosign.fullname" .root | trunc 50 | trimSuffix "-") .component -}}
{{- end -}}

{{- define "prosign.selectorLabels" -}}
app.kubernetes.io/name: {{ include "prosign.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "prosign.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "prosign.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: prosign
{{- end -}}

{{/* An image with its tag: the chart's appVersion unless the values name one (the schema refuses "latest"). */}}
{{- define "prosign.image" -}}
{{- printf "%s:%s" .image.repository (.image.tag | default .root.Chart.AppVersion) -}}
{{- end -}}

{{- define "prosign.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "prosign.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The Secret the api, the worker and the migration read: the operator's, or the chart's. */}}
{{- define "prosign.secretName" -}}
{{- .Values.secret.existingSecret | default (include "prosign.fullname" .) -}}
{{- end -}}

{{/* http or https: the scheme of every public address, from whether the Ingress terminates TLS. */}}
{{- define "prosign.scheme" -}}
{{- if .Values.ingress.tls.enabled -}}https{{- else -}}http{{- end -}}
{{- end -}}

{{- define "prosign.url" -}}
{{- printf "%s://%s" (include "prosign.scheme" .root) .host -}}
{{- end -}}

{{/*
The public addresses the server and the frontends are told, derived from the hosts unless the values
set them: the api is on the app's host (/api, /socket.io), every remote on its own host.
*/}}
{{- define "prosign.publicUrls" -}}
{{- $h := .Values.hosts -}}
PUBLIC_API_URL: {{ include "prosign.url" (dict "root" . "host" $h.app) | quote }}
PUBLIC_SHELL_URL: {{ include "prosign.url" (dict "root" . "host" $h.app) | quote }}
PUBLIC_SIGNING_URL: {{ include "prosign.url" (dict "root" . "host" $h.signing) | quote }}
CONTRACTS_REMOTE_URL: {{ include "prosign.url" (dict "root" . "host" $h.contracts) | quote }}
SOW_CO_REMOTE_URL: {{ include "prosign.url" (dict "root" . "host" $h.sowCo) | quote }}
INVOICES_REMOTE_URL: {{ include "prosign.url" (dict "root" . "host" $h.invoices) | quote }}
SIGNING_REMOTE_URL: {{ include "prosign.url" (dict "root" . "host" $h.signing) | quote }}
{{- $scheme := include "prosign.scheme" . }}
{{- $origins := list }}
{{- range list $h.app $h.contracts $h.sowCo $h.invoices $h.signing | uniq }}
{{- $origins = append $origins (printf "%s://%s" $scheme .) }}
{{- end }}
CORS_ORIGINS: {{ join "," $origins | quote }}
{{- end -}}

{{/* The server's non-secret environment (the names of docker-compose's x-server-env): config, with the derived addresses where config leaves them empty. */}}
{{- define "prosign.serverConfig" -}}
{{- $derived := include "prosign.publicUrls" . | fromYaml -}}
NODE_ENV: production
{{- range $key, $value := .Values.config }}
{{- /* Numbers come from YAML as float64: written whole, never as 3.6e+06. */}}
{{- $text := ternary ($value | int64 | toString) (toString $value) (kindIs "float64" $value) }}
{{- if and (eq $text "") (hasKey $derived $key) }}
{{- $text = get $derived $key }}
{{- end }}
{{ $key }}: {{ $text | quote }}
{{- end }}
OTEL_EXPORTER_OTLP_ENDPOINT: {{ .Values.otel.endpoint | quote }}
OTEL_TRACES_SAMPLER: {{ .Values.otel.sampler | quote }}
OTEL_TRACES_SAMPLER_ARG: {{ .Values.otel.samplerArg | toString | quote }}
{{- end -}}

{{/* The frontends' environment (docker-compose's x-web-env). */}}
{{- define "prosign.webConfig" -}}
{{- $derived := include "prosign.publicUrls" . | fromYaml -}}
{{- $server := include "prosign.serverConfig" . | fromYaml -}}
PUBLIC_API_URL: {{ get $server "PUBLIC_API_URL" | quote }}
CONTRACTS_REMOTE_URL: {{ .Values.web.config.CONTRACTS_REMOTE_URL | default (get $derived "CONTRACTS_REMOTE_URL") | quote }}
SOW_CO_REMOTE_URL: {{ .Values.web.config.SOW_CO_REMOTE_URL | default (get $derived "SOW_CO_REMOTE_URL") | quote }}
INVOICES_REMOTE_URL: {{ .Values.web.config.INVOICES_REMOTE_URL | default (get $derived "INVOICES_REMOTE_URL") | quote }}
SIGNING_REMOTE_URL: {{ .Values.web.config.SIGNING_REMOTE_URL | default (get $derived "SIGNING_REMOTE_URL") | quote }}
MAPS_ADAPTER: {{ get $server "MAPS_ADAPTER" | quote }}
GOOGLE_MAPS_API_KEY: {{ get $server "GOOGLE_MAPS_API_KEY" | quote }}
CAPTCHA_ADAPTER: {{ get $server "CAPTCHA_ADAPTER" | quote }}
RECAPTCHA_SITE_KEY: {{ get $server "RECAPTCHA_SITE_KEY" | quote }}
CUSTOMER_REVIEWS_URL: {{ .Values.web.config.CUSTOMER_REVIEWS_URL | quote }}
PORT: "8080"
{{- end -}}

{{/* The server's Secret data (stringData): every key of secret.values, as given. */}}
{{- define "prosign.secretData" -}}
{{- range $key, $value := .Values.secret.values }}
{{ $key }}: {{ $value | quote }}
{{- end }}
{{- end -}}

{{/*
Pod and container hardening shared by every workload: a numeric non-root user (the images' `node`,
uid 1000: the kubelet can only prove a numeric user is not root), the runtime's default seccomp
profile, no privilege escalation, every capability dropped, a read-only root file system (each pod
gets an emptyDir at /tmp, the one place the processes write).
*/}}
{{- define "prosign.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.podSecurity.runAsUser }}
runAsGroup: {{ .Values.podSecurity.runAsGroup }}
fsGroup: {{ .Values.podSecurity.runAsGroup }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "prosign.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.podSecurity.runAsUser }}
runAsGroup: {{ .Values.podSecurity.runAsGroup }}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
capabilities:
  drop: ["ALL"]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "prosign.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.podSecurity.tmpSizeLimit }}
{{- end -}}

{{- define "prosign.tmpMount" -}}
- name: tmp
  mountPath: /tmp
{{- end -}}

{{/* Spread over zones and nodes; matchLabelKeys keeps a rollout's new pods from counting the old ones. */}}
{{- define "prosign.topologySpread" -}}
{{- $root := .root -}}
{{- $component := .component -}}
{{- range $root.Values.topologySpread }}
- maxSkew: {{ .maxSkew }}
  topologyKey: {{ .topologyKey }}
  whenUnsatisfiable: {{ .whenUnsatisfiable }}
  labelSelector:
    matchLabels:
      {{- include "prosign.selectorLabels" (dict "root" $root "component" $component) | nindent 6 }}
  matchLabelKeys:
    - pod-template-hash
{{- end }}
{{- end -}}

{{/* What every pod spec shares: (dict "root" $) or, for the migration, with "serviceAccount". */}}
{{- define "prosign.podSpecCommon" -}}
{{- $root := .root -}}
automountServiceAccountToken: false
serviceAccountName: {{ .serviceAccount | default (include "prosign.serviceAccountName" $root) }}
enableServiceLinks: false
securityContext:
  {{- include "prosign.podSecurityContext" $root | nindent 2 }}
{{- with $root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $root.Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $root.Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* The server's environment: the ConfigMap, then the Secret (its keys win). */}}
{{- define "prosign.serverEnvFrom" -}}
- configMapRef:
    name: {{ include "prosign.componentName" (dict "root" .root "component" "server") }}{{ .suffix | default "" }}
- secretRef:
    name: {{ .secret }}
{{- end -}}

{{/* A PodDisruptionBudget for one component: maxUnavailable, or minAvailable when that is set. */}}
{{- define "prosign.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "prosign.componentName" . }}
  labels:
    {{- include "prosign.labels" . | nindent 4 }}
spec:
  {{- if .budget.minAvailable }}
  minAvailable: {{ .budget.minAvailable }}
  {{- else }}
  maxUnavailable: {{ .budget.maxUnavailable | default 1 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "prosign.selectorLabels" . | nindent 6 }}
{{- end -}}

{{/* The api's liveness: /api/health answers at all (200 or 503) within 9 s. As a JSON list for exec. */}}
{{- define "prosign.apiAnswers" -}}
{{- list "node" "-e" "fetch('http://127.0.0.1:3000/api/health', { signal: AbortSignal.timeout(9000) }).then((r) => process.exit(r.status === 200 || r.status === 503 ? 0 : 1), () => process.exit(1))" | toJson -}}
{{- end -}}

{{/*
The worker's readiness (docker-compose's health check): this pod's heartbeat (host:pid in
`<QUEUE_PREFIX>:workers`, written every 5 s: platform/queues/worker-heartbeat.ts) is fresh in Redis
within 20 s, so Redis answers and the worker runs.
*/}}
{{- define "prosign.workerReady" -}}
{{- list "node" "-e" "const r = new (require('ioredis').Redis)(process.env.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3000 }); r.zrangebyscore((process.env.QUEUE_PREFIX || 'prosign') + ':workers', Date.now() - 20000, '+inf').then((m) => process.exit(m.some((w) => w.startsWith(require('os').hostname() + ':')) ? 0 : 1), () => process.exit(1))" | toJson -}}
{{- end -}}

{{/*
The worker's liveness: its event loop still beats. The heartbeat is the one thing the worker's
loop writes where a probe can read it, so: Redis answers and this pod's latest heartbeat is older
than 60 s (or gone) = stuck. Redis not answering = unknown, counted alive: an outage of Redis must
not restart every worker (readiness shows it).
*/}}
{{- define "prosign.workerAlive" -}}
{{- list "node" "-e" "const r = new (require('ioredis').Redis)(process.env.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3000, commandTimeout: 3000, retryStrategy: () => null }); const me = require('os').hostname() + ':'; r.zrange((process.env.QUEUE_PREFIX || 'prosign') + ':workers', 0, -1, 'WITHSCORES').then((a) => { let last = 0; for (let i = 0; i < a.length; i += 2) if (a[i].startsWith(me)) last = Math.max(last, Number(a[i + 1])); process.exit(Date.now() - last < 60000 ? 0 : 1); }, () => process.exit(0))" | toJson -}}
{{- end -}}

{{/* The frontends: values key, the web image's command (its app name) and the host it serves. */}}
{{- define "prosign.webApps" -}}
shell: { app: shell, host: {{ .Values.hosts.app | quote }} }
contracts: { app: contracts, host: {{ .Values.hosts.contracts | quote }} }
sowCo: { app: sow-co, host: {{ .Values.hosts.sowCo | quote }} }
invoices: { app: invoices, host: {{ .Values.hosts.invoices | quote }} }
signing: { app: signing, host: {{ .Values.hosts.signing | quote }} }
{{- end -}}

{{/* An Ingress's tls section for (dict "root" $ "hosts" (list ...)). */}}
{{- define "prosign.ingressTls" -}}
{{- if .root.Values.ingress.tls.enabled }}
tls:
  - secretName: {{ .root.Values.ingress.tls.secretName }}
    hosts:
      {{- toYaml .hosts | nindent 6 }}
{{- end }}
{{- end -}}

{{/* NetworkPolicy rules, each given .Values.networkPolicy (and a port for fromIngressController). */}}
{{- define "prosign.dnsEgress" -}}
- to:
    - namespaceSelector:
        {{- toYaml .dns.namespaceSelector | nindent 8 }}
      podSelector:
        {{- toYaml .dns.podSelector | nindent 8 }}
  ports:
    - { protocol: UDP, port: 53 }
    - { protocol: TCP, port: 53 }
{{- end -}}
{{- define "prosign.fromIngressController" -}}
- from:
    - namespaceSelector:
        {{- toYaml .ingressController.namespaceSelector | nindent 8 }}
      podSelector:
        {{- toYaml .ingressController.podSelector | nindent 8 }}
  ports:
    - { protocol: TCP, port: {{ .port }} }
{{- end -}}
{{/* The metrics port of a component (api or worker): .root, .component, .port. */}}
{{- define "prosign.fromPrometheus" -}}
- from:
    - namespaceSelector:
        {{- toYaml .root.Values.networkPolicy.prometheus.namespaceSelector | nindent 8 }}
      podSelector:
        {{- toYaml .root.Values.networkPolicy.prometheus.podSelector | nindent 8 }}
  ports:
    - { protocol: TCP, port: {{ .port }} }
{{- end -}}
{{/* Pod annotations of Prometheus's pod discovery for a metrics port (.root, .port). */}}
{{- define "prosign.scrapeAnnotations" -}}
{{- if and .root.Values.metrics.enabled .root.Values.metrics.podAnnotations }}
prometheus.io/scrape: "true"
prometheus.io/port: {{ .port | quote }}
prometheus.io/path: /metrics
{{- end }}
{{- end -}}
{{- define "prosign.serverEgress" -}}
{{ include "prosign.dnsEgress" . }}
{{- range $dependency := list .mongodb .redis }}
- ports:
    {{- range $dependency.ports }}
    - { protocol: TCP, port: {{ . }} }
    {{- end }}
  {{- with $dependency.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
{{- if .otelEndpoint }}
- ports:
    {{- range .otelCollector.ports }}
    - { protocol: TCP, port: {{ . }} }
    {{- end }}
  {{- with .otelCollector.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
- to:
    - ipBlock:
        cidr: {{ .outside.cidr }}
        except:
          {{- toYaml .outside.except | nindent 10 }}
  ports:
    {{- range .outside.ports }}
    - { protocol: TCP, port: {{ . }} }
    {{- end }}
{{- end -}}
