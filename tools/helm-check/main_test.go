package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/yaml"
)

const (
	repoChart   = "../../deploy/helm/prosign"
	repoCompose = "../../docker-compose.yml"
	queueNames  = "../../backend/src/platform/queues/queue-names.ts"
	defaults    = "testdata/defaults.yaml"
)

// The value sets an operator would install with: each lints, renders, decodes strictly and keeps
// every policy.
var valueSets = map[string][]string{
	"defaults":          {defaults},
	"high availability": {defaults, "testdata/high-availability.yaml"},
	"KEDA on":           {defaults, "testdata/keda.yaml"},
	"existing secret":   {defaults, "testdata/existing-secret.yaml"},
	"pod monitor":       {defaults, "testdata/metrics.yaml"},
}

func render(t *testing.T, name string) []Object {
	t.Helper()
	objects, err := Check(repoChart, valueSets[name])
	if err != nil {
		t.Fatalf("%s does not pass:\n%v", name, err)
	}
	return objects
}

// find returns the rendered object of that kind and name, typed.
func find[T any](t *testing.T, objects []Object, kind, name string) T {
	t.Helper()
	for _, object := range objects {
		if object.Kind == kind && object.Name == name {
			return any(object.Object).(T)
		}
	}
	t.Fatalf("no %s %s rendered", kind, name)
	var zero T
	return zero
}

func named(objects []Object, kind string) []string {
	var names []string
	for _, object := range objects {
		if object.Kind == kind {
			names = append(names, object.Name)
		}
	}
	sort.Strings(names)
	return names
}

func TestEveryValueSetPasses(t *testing.T) {
	for name := range valueSets {
		t.Run(name, func(t *testing.T) {
			objects := render(t, name)
			if got := named(objects, "Deployment"); len(got) != 7 {
				t.Errorf("Deployments %v, want 7", got)
			}
		})
	}
}

// api, worker, and each frontend its own Deployment and Service (so it deploys alone), as
// docker-compose runs them; the api scaled by a HorizontalPodAutoscaler on CPU.
func TestDefaultsHaveComposesShape(t *testing.T) {
	objects := render(t, "defaults")
	want := []string{"prosign-api", "prosign-contracts", "prosign-invoices", "prosign-shell", "prosign-signing", "prosign-sow-co", "prosign-worker"}
	if got := named(objects, "Deployment"); !slices.Equal(got, want) {
		t.Errorf("Deployments %v, want %v", got, want)
	}
	if got := named(objects, "Service"); len(got) != 6 || slices.Contains(got, "prosign-worker") {
		t.Errorf("Services %v: want the api's and one per frontend, none for the worker", got)
	}
	for _, app := range []string{"shell", "contracts", "sow-co", "invoices", "signing"} {
		deployment := find[*appsv1.Deployment](t, objects, "Deployment", "prosign-"+app)
		if args := deployment.Spec.Template.Spec.Containers[0].Args; !slices.Equal(args, []string{app}) {
			t.Errorf("%s: runs the web image with %v", app, args)
		}
	}
	hpa := find[*autoscalingv2.HorizontalPodAutoscaler](t, objects, "HorizontalPodAutoscaler", "prosign-api")
	if len(hpa.Spec.Metrics) != 1 || hpa.Spec.Metrics[0].Resource == nil || hpa.Spec.Metrics[0].Resource.Name != corev1.ResourceCPU {
		t.Errorf("the api's autoscaler does not follow CPU: %+v", hpa.Spec.Metrics)
	}
	if worker := find[*appsv1.Deployment](t, objects, "Deployment", "prosign-worker"); worker.Spec.Replicas == nil || *worker.Spec.Replicas != 2 {
		t.Errorf("worker replicas %v, want 2", worker.Spec.Replicas)
	}
	for _, deployment := range named(objects, "Deployment") {
		image := find[*appsv1.Deployment](t, objects, "Deployment", deployment).Spec.Template.Spec.Containers[0].Image
		if !strings.HasSuffix(image, ":0.1.0") {
			t.Errorf("%s: image %s is not tagged with the chart's appVersion", deployment, image)
		}
	}
}

// composeFile is the part of docker-compose.yml the chart must agree with.
type composeFile struct {
	ServerEnv map[string]string `json:"x-server-env"`
	WebEnv    map[string]string `json:"x-web-env"`
	Services  map[string]struct {
		Command         []string `json:"command"`
		StopGracePeriod string   `json:"stop_grace_period"`
	} `json:"services"`
}

func readCompose(t *testing.T) composeFile {
	t.Helper()
	content, err := os.ReadFile(repoCompose)
	if err != nil {
		t.Fatal(err)
	}
	var compose composeFile
	if err := yaml.Unmarshal(content, &compose); err != nil {
		t.Fatal(err)
	}
	if len(compose.ServerEnv) < 50 {
		t.Fatalf("read %d variables of x-server-env", len(compose.ServerEnv))
	}
	return compose
}

// composeDefault is the value `${NAME:-default}` gives when NAME is unset.
var composeDefault = regexp.MustCompile(`^\$\{[A-Z0-9_]+:-(.*)\}$`)

// The ConfigMap and the Secret carry exactly docker-compose's x-server-env, under the same names,
// with compose's defaults; the public addresses are derived from the hosts.
func TestServerEnvironmentIsComposes(t *testing.T) {
	compose := readCompose(t)
	objects := render(t, "defaults")
	config := find[*corev1.ConfigMap](t, objects, "ConfigMap", "prosign-server").Data
	secret := find[*corev1.Secret](t, objects, "Secret", "prosign").StringData
	for name := range config {
		if _, inSecret := secret[name]; inSecret {
			t.Errorf("%s is both in the ConfigMap and the Secret", name)
		}
	}
	var missing, extra []string
	for name := range compose.ServerEnv {
		_, inConfig := config[name]
		_, inSecret := secret[name]
		if !inConfig && !inSecret {
			missing = append(missing, name)
		}
	}
	for _, data := range []map[string]string{config, secret} {
		for name := range data {
			if _, ok := compose.ServerEnv[name]; !ok {
				extra = append(extra, name)
			}
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Errorf("the chart's server environment differs from docker-compose's x-server-env: missing %v, not in compose %v", missing, extra)
	}

	derived := map[string]string{
		"PUBLIC_API_URL":     "https://prosign.example.com",
		"PUBLIC_SHELL_URL":   "https://prosign.example.com",
		"PUBLIC_SIGNING_URL": "https://sign.example.com",
		"CORS_ORIGINS":       "https://prosign.example.com,https://contracts.prosign.example.com,https://sow-co.prosign.example.com,https://invoices.prosign.example.com,https://sign.example.com",
		"MONGODB_URI":        "", "REDIS_URL": "", "NODE_ENV": "production", "BOOTSTRAP_ADMIN_EMAILS": "admin@example.com",
	}
	for name, raw := range compose.ServerEnv {
		want, isDerived := derived[name]
		if !isDerived {
			match := composeDefault.FindStringSubmatch(raw)
			if match == nil {
				t.Errorf("%s: compose's value %q has no default to compare", name, raw)
				continue
			}
			want = match[1]
		}
		got, inConfig := config[name]
		if !inConfig {
			// Secrets: empty unless defaults.yaml sets them.
			continue
		}
		if got != want {
			t.Errorf("%s = %q, compose gives %q", name, got, want)
		}
	}
	if secret["MONGODB_URI"] == "" || secret["REDIS_URL"] == "" {
		t.Error("the Secret lacks the MongoDB or Redis URI")
	}

	web := find[*corev1.ConfigMap](t, objects, "ConfigMap", "prosign-web").Data
	for name := range compose.WebEnv {
		if _, ok := web[name]; !ok {
			t.Errorf("the frontends' ConfigMap lacks %s (x-web-env)", name)
		}
	}
	if web["SIGNING_REMOTE_URL"] != "https://sign.example.com" || web["PUBLIC_API_URL"] != "https://prosign.example.com" {
		t.Errorf("the frontends are told the wrong addresses: %v", web)
	}
}

// Each pod may take as long to stop as docker-compose gives it: the api finishes its requests,
// the worker drains its jobs (an SMTP send: 15 + 15 + 120 s).
func TestGracePeriodsMatchCompose(t *testing.T) {
	compose := readCompose(t)
	objects := render(t, "defaults")
	for _, service := range []string{"api", "worker"} {
		want, err := time.ParseDuration(compose.Services[service].StopGracePeriod)
		if err != nil {
			t.Fatalf("%s: stop_grace_period %q: %v", service, compose.Services[service].StopGracePeriod, err)
		}
		deployment := find[*appsv1.Deployment](t, objects, "Deployment", "prosign-"+service)
		if got := *deployment.Spec.Template.Spec.TerminationGracePeriodSeconds; got != int64(want.Seconds()) {
			t.Errorf("%s: terminationGracePeriodSeconds %d, compose's stop_grace_period %s", service, got, want)
		}
		if got := deployment.Spec.Template.Spec.Containers[0].Command; !slices.Equal(got, compose.Services[service].Command) {
			t.Errorf("%s: command %v, compose runs %v", service, got, compose.Services[service].Command)
		}
	}
}

// Ready means the dependencies answer; live means the process answers, whatever they do.
func TestProbesMeanDifferentThings(t *testing.T) {
	objects := render(t, "defaults")
	api := find[*appsv1.Deployment](t, objects, "Deployment", "prosign-api").Spec.Template.Spec.Containers[0]
	if api.ReadinessProbe.HTTPGet == nil || api.ReadinessProbe.HTTPGet.Path != "/api/health" {
		t.Errorf("api readiness: %+v, want GET /api/health (503 while MongoDB or Redis is down)", api.ReadinessProbe.ProbeHandler)
	}
	if live := strings.Join(api.LivenessProbe.Exec.Command, " "); !strings.Contains(live, "r.status === 503 ? 0") {
		t.Errorf("api liveness %q must count the health check's 503 as alive", live)
	}
	if api.StartupProbe == nil {
		t.Error("api: no startup probe: liveness would count during start-up")
	}
	worker := find[*appsv1.Deployment](t, objects, "Deployment", "prosign-worker").Spec.Template.Spec.Containers[0]
	if ready := strings.Join(worker.ReadinessProbe.Exec.Command, " "); !strings.Contains(ready, ":workers") || !strings.Contains(ready, "20000") {
		t.Errorf("worker readiness %q: want the heartbeat fresh within 20 s", ready)
	}
	if live := strings.Join(worker.LivenessProbe.Exec.Command, " "); !strings.Contains(live, "() => process.exit(0)") {
		t.Errorf("worker liveness %q: a Redis outage must not restart the workers", live)
	}
	shell := find[*appsv1.Deployment](t, objects, "Deployment", "prosign-shell").Spec.Template.Spec.Containers[0]
	if shell.ReadinessProbe.HTTPGet.Path != "/runtime-config.json" {
		t.Errorf("shell readiness %s: want the runtime configuration written at start", shell.ReadinessProbe.HTTPGet.Path)
	}
}

// The data migration runs as docker-compose's `migrate` does, before any api or worker of the
// release: a pre-install and pre-upgrade hook, reading hooks made before it.
func TestMigrationIsAPreInstallAndPreUpgradeHook(t *testing.T) {
	compose := readCompose(t)
	objects := render(t, "defaults")
	var job Object
	for _, object := range objects {
		if object.Kind == "Job" {
			job = object
		}
	}
	if job.Object == nil || !job.Hook {
		t.Fatal("no migration Job among the hooks")
	}
	migration := job.Object.(*batchv1.Job)
	if events := migration.Annotations["helm.sh/hook"]; events != "pre-install,pre-upgrade" {
		t.Errorf("hook events %q", events)
	}
	if got := migration.Spec.Template.Spec.Containers[0].Command; !slices.Equal(got, compose.Services["migrate"].Command) {
		t.Errorf("migration command %v, compose runs %v", got, compose.Services["migrate"].Command)
	}
	if migration.Spec.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("restartPolicy %s", migration.Spec.Template.Spec.RestartPolicy)
	}
	// On a first install the release's own ConfigMap and Secret do not exist yet.
	for _, source := range migration.Spec.Template.Spec.Containers[0].EnvFrom {
		name := ""
		if source.ConfigMapRef != nil {
			name = source.ConfigMapRef.Name
		} else {
			name = source.SecretRef.Name
		}
		if name == "prosign-server" || name == "prosign" {
			t.Errorf("the migration reads %s, which a first install creates only after its hooks", name)
		}
	}
}

// queues lists backend/src/platform/queues/queue-names.ts's queues.
func queues(t *testing.T) []string {
	t.Helper()
	content, err := os.ReadFile(queueNames)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, match := range regexp.MustCompile(`(?m)^\s+[A-Za-z]+: '([a-z-]+)',`).FindAllStringSubmatch(string(content), -1) {
		names = append(names, match[1])
	}
	if len(names) < 6 {
		t.Fatalf("read only %v from %s", names, queueNames)
	}
	return names
}

// With KEDA on, the workers follow the waiting jobs of every queue the backend has.
func TestKedaScalesWorkersOnEveryQueue(t *testing.T) {
	objects := render(t, "KEDA on")
	scaled := find[*ScaledObject](t, objects, "ScaledObject", "prosign-worker")
	var lists []string
	for _, trigger := range scaled.Spec.Triggers {
		lists = append(lists, trigger.Metadata["listName"])
		if trigger.AuthenticationRef == nil || trigger.AuthenticationRef.Name != "prosign-worker" {
			t.Errorf("trigger %s: no authentication", trigger.Name)
		}
	}
	var want []string
	for _, queue := range queues(t) {
		want = append(want, "prosign:"+queue+":wait")
	}
	sort.Strings(lists)
	sort.Strings(want)
	if !slices.Equal(lists, want) {
		t.Errorf("KEDA watches %v, the backend's queues wait in %v", lists, want)
	}
	if worker := find[*appsv1.Deployment](t, objects, "Deployment", "prosign-worker"); worker.Spec.Replicas != nil {
		t.Errorf("worker sets replicas %d beside KEDA", *worker.Spec.Replicas)
	}
	auth := find[*TriggerAuthentication](t, objects, "TriggerAuthentication", "prosign-worker")
	if refs := auth.Spec.SecretTargetRef; len(refs) != 1 || refs[0].Name != "prosign" || refs[0].Key != "REDIS_PASSWORD" {
		t.Errorf("TriggerAuthentication reads %+v", refs)
	}
	if named(objects, "HorizontalPodAutoscaler") != nil {
		t.Error("an autoscaler is rendered while api.autoscaling is off")
	}
}

// With existingSecret the chart renders no Secret, and everything reads the operator's.
func TestExistingSecretIsReadAndNoneRendered(t *testing.T) {
	objects := render(t, "existing secret")
	if secrets := named(objects, "Secret"); len(secrets) != 0 {
		t.Errorf("Secrets %v rendered beside existingSecret", secrets)
	}
	if accounts := named(objects, "ServiceAccount"); len(accounts) != 0 {
		t.Errorf("ServiceAccounts %v rendered while serviceAccount.create is false", accounts)
	}
	for _, object := range objects {
		var spec corev1.PodSpec
		switch typed := object.Object.(type) {
		case *appsv1.Deployment:
			spec = typed.Spec.Template.Spec
		case *batchv1.Job:
			spec = typed.Spec.Template.Spec
		default:
			continue
		}
		if spec.ServiceAccountName != "prosign-runner" {
			t.Errorf("%s %s runs as %q", object.Kind, object.Name, spec.ServiceAccountName)
		}
		for _, source := range spec.Containers[0].EnvFrom {
			if source.SecretRef != nil && source.SecretRef.Name != "prosign-server-secrets" {
				t.Errorf("%s %s reads Secret %s", object.Kind, object.Name, source.SecretRef.Name)
			}
		}
	}
}

func TestHighAvailability(t *testing.T) {
	objects := render(t, "high availability")
	for _, name := range named(objects, "Deployment") {
		spec := find[*appsv1.Deployment](t, objects, "Deployment", name).Spec.Template.Spec
		hard := false
		for _, constraint := range spec.TopologySpreadConstraints {
			hard = hard || (constraint.TopologyKey == "kubernetes.io/hostname" && constraint.WhenUnsatisfiable == corev1.DoNotSchedule)
		}
		if !hard {
			t.Errorf("%s: not spread over nodes", name)
		}
		if image := spec.Containers[0].Image; !strings.HasPrefix(image, "registry.example.com/") || !strings.HasSuffix(image, ":2026.12.1") {
			t.Errorf("%s: image %s", name, image)
		}
	}
	if budget := find[*policyv1.PodDisruptionBudget](t, objects, "PodDisruptionBudget", "prosign-worker"); budget.Spec.MinAvailable == nil || budget.Spec.MinAvailable.IntValue() != 2 {
		t.Errorf("worker budget %+v", budget.Spec)
	}
	policy := find[*networkingv1.NetworkPolicy](t, objects, "NetworkPolicy", "prosign-api")
	narrowed := 0
	for _, rule := range policy.Spec.Egress {
		if len(rule.To) > 0 && (rule.To[0].NamespaceSelector != nil && rule.To[0].PodSelector != nil || rule.To[0].IPBlock != nil && rule.To[0].IPBlock.CIDR == "10.20.0.0/16") {
			narrowed++
		}
	}
	if narrowed < 2 {
		t.Errorf("the api's egress to MongoDB and Redis is not narrowed to the given peers: %+v", policy.Spec.Egress)
	}
}

// Ingress: the api's paths and Socket.IO on the app's host, the signing app on its own host.
func TestIngressRoutes(t *testing.T) {
	objects := render(t, "defaults")
	routes := map[string]string{}
	for _, name := range named(objects, "Ingress") {
		ingress := find[*networkingv1.Ingress](t, objects, "Ingress", name)
		for _, rule := range ingress.Spec.Rules {
			for _, path := range rule.HTTP.Paths {
				routes[rule.Host+path.Path] = path.Backend.Service.Name
			}
		}
	}
	want := map[string]string{
		"prosign.example.com/api":        "prosign-api",
		"prosign.example.com/socket.io":  "prosign-api",
		"prosign.example.com/":           "prosign-shell",
		"sign.example.com/":              "prosign-signing",
		"contracts.prosign.example.com/": "prosign-contracts",
		"sow-co.prosign.example.com/":    "prosign-sow-co",
		"invoices.prosign.example.com/":  "prosign-invoices",
	}
	for route, service := range want {
		if routes[route] != service {
			t.Errorf("%s goes to %q, want %s", route, routes[route], service)
		}
	}
	if len(routes) != len(want) {
		t.Errorf("routes %v, want exactly %v", routes, want)
	}
	socket := find[*networkingv1.Ingress](t, objects, "Ingress", "prosign-api-socket")
	if socket.Annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"] != "3600" {
		t.Errorf("Socket.IO's Ingress would cut an idle WebSocket: %v", socket.Annotations)
	}
}

// The schema refuses each file of testdata/refused (given over defaults.yaml), naming the value:
// the first line of each says `# want: <what the error names>`.
func TestSchemaRefusesWrongValues(t *testing.T) {
	files, err := filepath.Glob("testdata/refused/*.yaml")
	if err != nil || len(files) < 10 {
		t.Fatalf("refused value files: %v %v", files, err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".yaml"), func(t *testing.T) {
			content, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(content), "\n")
			want := strings.TrimSpace(strings.TrimPrefix(first, "# want:"))
			if want == "" || want == first {
				t.Fatalf("%s: the first line must be `# want: ...`", file)
			}
			_, err = Check(repoChart, []string{defaults, file})
			if err == nil {
				t.Fatal("accepted")
			}
			// The schema's errors name the value's path: at '/api/resources': ...
			if !strings.HasPrefix(err.Error(), "helm lint: - at '/") || !strings.Contains(err.Error(), want) {
				t.Errorf("refused, but not by the schema naming %q:\n%v", want, err)
			}
		})
	}
}

// copyChart copies the repository's chart into a temporary directory, for a broken variant.
func copyChart(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "prosign")
	if err := os.CopyFS(dir, os.DirFS(repoChart)); err != nil {
		t.Fatal(err)
	}
	return dir
}

func replaceIn(t *testing.T, file, old, new string) {
	t.Helper()
	content, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(content), old) {
		t.Fatalf("%s has no %q", file, old)
	}
	if err := os.WriteFile(file, []byte(strings.ReplaceAll(string(content), old, new)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A field the API does not know (a typo Kubernetes would drop or refuse) fails the strict
// decoding, naming it: in a template of the chart, and in KEDA's objects.
func TestStrictDecodingCatchesUnknownFields(t *testing.T) {
	cases := []struct {
		name, file, old, new, want string
		values                     []string
	}{
		{"a misspelt probe", "templates/api.yaml", "readinessProbe:", "readinesProbe:", `unknown field "spec.template.spec.containers[0].readinesProbe"`, nil},
		{"a field at the wrong level", "templates/worker.yaml", "  revisionHistoryLimit: 5", "  revisionHistoryLimit: 5\n  terminationGracePeriodSeconds: 5", `unknown field "spec.terminationGracePeriodSeconds"`, nil},
		{"a duplicated field", "templates/web.yaml", "      containers:", "      enableServiceLinks: true\n      containers:", `key "enableServiceLinks" already set`, nil},
		{"a value of the wrong type", "templates/api.yaml", "containerPort: 3000", "containerPort: http", "containerPort", nil},
		{"a KEDA field KEDA does not have", "templates/worker.yaml", "minReplicaCount:", "minReplicas:", `unknown field "minReplicas"`, []string{defaults, "testdata/keda.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			chart := copyChart(t)
			replaceIn(t, filepath.Join(chart, c.file), c.old, c.new)
			values := c.values
			if values == nil {
				values = []string{defaults}
			}
			_, err := Check(chart, values)
			if err == nil {
				t.Fatal("passed")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error does not name %s:\n%v", c.want, err)
			}
		})
	}
}

// Each policy fails on a chart that breaks it.
func TestPoliciesCatchBrokenCharts(t *testing.T) {
	cases := []struct {
		name, file, old, new, want string
	}{
		{"a writable root file system", "templates/_helpers.tpl", "readOnlyRootFilesystem: true", "readOnlyRootFilesystem: false", "Deployment prosign-api: container api: the root file system is writable"},
		{"capabilities kept", "templates/_helpers.tpl", `drop: ["ALL"]`, `drop: ["NET_RAW"]`, "does not drop ALL capabilities"},
		{"no seccomp profile", "templates/_helpers.tpl", "type: RuntimeDefault", "type: Unconfined", "Job prosign-migrate: container migrate: seccomp profile is not RuntimeDefault"},
		{"a service-account token", "templates/_helpers.tpl", "automountServiceAccountToken: false\nserviceAccountName", "automountServiceAccountToken: true\nserviceAccountName", "Deployment prosign-worker: mounts a service-account token"},
		{"root", "templates/_helpers.tpl", "runAsNonRoot: true\nrunAsUser: {{ .Values.podSecurity.runAsUser }}\nrunAsGroup: {{ .Values.podSecurity.runAsGroup }}\nallowPrivilegeEscalation", "runAsNonRoot: true\nrunAsUser: 0\nrunAsGroup: {{ .Values.podSecurity.runAsGroup }}\nallowPrivilegeEscalation", "no numeric non-root runAsUser"},
		{"no memory limit", "templates/web.yaml", "{{- toYaml $root.Values.web.resources | nindent 12 }}", "requests: { cpu: 10m, memory: 64Mi }\n            limits: { cpu: 100m }", "Deployment prosign-shell: container web: no memory limit"},
		{"an image tagged latest", "templates/_helpers.tpl", `(.image.tag | default .root.Chart.AppVersion)`, `"latest"`, `is tagged latest`},
		{"an untagged image", "templates/api.yaml", `image: {{ include "prosign.image" (dict "root" . "image" .Values.image.server) }}`, `image: {{ .Values.image.server.repository }}`, `Deployment prosign-api: container api: image "prosign-server" has no tag`},
		{"readiness asking what liveness asks", "templates/web.yaml", "path: /runtime-config.json", "path: /", "Deployment prosign-invoices: container web: readiness and liveness probes ask the same thing"},
		{"no liveness probe", "templates/web.yaml", "          livenessProbe:\n            httpGet:\n              path: /\n", "          startupProbe:\n            httpGet:\n              path: /\n", "Deployment prosign-signing: container web: no liveness probe"},
		{"a Deployment without a budget", "templates/worker.yaml", `{{ include "prosign.pdb" (merge (dict "budget" .Values.worker.podDisruptionBudget) $component) }}`, "", "Deployment prosign-worker: no PodDisruptionBudget selects its pods"},
		{"a Deployment without a NetworkPolicy", "templates/networkpolicies.yaml", "values: [worker, migrate]", "values: [migrate]", "Deployment prosign-worker: no NetworkPolicy (Ingress and Egress) selects its pods"},
		{"the migration reading the release's ConfigMap", "templates/migration.yaml", `"suffix" "-migrate"`, `"suffix" ""`, "Job prosign-migrate: container migrate: reads ConfigMap prosign-server, which does not exist by then"},
		{"a hook named as a release object", "templates/migration.yaml", `{{- $secret := .Values.secret.existingSecret | default $name -}}`, `{{- $secret := include "prosign.secretName" . -}}`, "Secret prosign: both a hook and an object of the release"},
		{"replicas beside the autoscaler", "templates/api.yaml", "{{- if not .Values.api.autoscaling.enabled }}\n  replicas:", "{{- if true }}\n  replicas:", "Deployment prosign-api: sets replicas, which HorizontalPodAutoscaler prosign-api owns"},
		{"an Ingress to a missing Service", "templates/ingress.yaml", "name: {{ $api }}\n                port:", "name: {{ $api }}-v2\n                port:", "goes to prosign-api-v2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			chart := copyChart(t)
			replaceIn(t, filepath.Join(chart, c.file), c.old, c.new)
			_, err := Check(chart, []string{defaults})
			if err == nil {
				t.Fatal("passed")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error does not say %q:\n%v", c.want, err)
			}
		})
	}
}

func TestImageProblems(t *testing.T) {
	for image, want := range map[string]string{
		"prosign-server:0.1.0":                       "",
		"registry.example.com:5000/prosign/web:2026": "",
		"prosign-web@sha256:0123abcd":                "",
		"registry.example.com:5000/prosign/web":      "has no tag",
		"prosign-server":                             "has no tag",
		"prosign-server:":                            "has no tag",
		"prosign-server:latest":                      "is tagged latest",
	} {
		if got := imageProblem(image); got != want {
			t.Errorf("%s: %q, want %q", image, got, want)
		}
	}
}

// egressPorts lists the TCP and UDP ports a NetworkPolicy lets its pods reach.
func egressPorts(policy *networkingv1.NetworkPolicy) []string {
	var ports []string
	for _, rule := range policy.Spec.Egress {
		if len(rule.Ports) == 0 {
			ports = append(ports, "any")
		}
		for _, port := range rule.Ports {
			ports = append(ports, string(*port.Protocol)+"/"+port.Port.String())
		}
	}
	sort.Strings(ports)
	return slices.Compact(ports)
}

// The api and the workers reach DNS, MongoDB, Redis and the outside services; the frontends only DNS;
// only Prometheus reaches a worker.
func TestNetworkPoliciesAllowWhatEachNeeds(t *testing.T) {
	objects := render(t, "defaults")
	server := []string{"TCP/25", "TCP/27017", "TCP/443", "TCP/465", "TCP/53", "TCP/587", "TCP/6379", "TCP/80", "UDP/53"}
	for _, name := range []string{"prosign-api", "prosign-worker"} {
		if got := egressPorts(find[*networkingv1.NetworkPolicy](t, objects, "NetworkPolicy", name)); !slices.Equal(got, server) {
			t.Errorf("%s reaches %v, want %v", name, got, server)
		}
	}
	for _, app := range []string{"shell", "contracts", "sow-co", "invoices", "signing"} {
		policy := find[*networkingv1.NetworkPolicy](t, objects, "NetworkPolicy", "prosign-"+app)
		if got := egressPorts(policy); !slices.Equal(got, []string{"TCP/53", "UDP/53"}) {
			t.Errorf("%s reaches %v: a frontend reaches nothing but DNS", app, got)
		}
		if len(policy.Spec.Ingress) != 1 || len(policy.Spec.Ingress[0].From) != 1 || policy.Spec.Ingress[0].From[0].NamespaceSelector == nil {
			t.Errorf("%s: reached by %+v, want the Ingress controller only", app, policy.Spec.Ingress)
		}
	}
	// Nothing reaches a worker but Prometheus, on its metrics port (metrics_test.go).
	worker := find[*networkingv1.NetworkPolicy](t, objects, "NetworkPolicy", "prosign-worker")
	for _, rule := range worker.Spec.Ingress {
		if len(rule.Ports) != 1 || rule.Ports[0].Port.IntVal != 9465 || len(rule.From) != 1 ||
			rule.From[0].PodSelector.MatchLabels["app.kubernetes.io/name"] != "prometheus" {
			t.Errorf("the worker is reachable: %+v", rule)
		}
	}
}
