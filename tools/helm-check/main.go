// helm-check renders ProSign's Helm chart the way `helm lint --strict` and `helm template` do,
// through the Helm SDK, and fails on anything a cluster would refuse or an operator should not
// have to find out: no cluster runs on the machines that build ProSign, so this is how `npm test`
// knows that deploy/helm/prosign still installs and keeps its promises:
//
//	helm-check [-chart deploy/helm/prosign] [-print] -f values.yaml [-f more.yaml ...]
//
// Every rendered object (hooks included) is decoded strictly into the Kubernetes API types
// (k8s.io/api: an unknown or duplicated field fails, as the API server's strict field validation
// would), KEDA's objects into local types just as strictly, and the policies of Check hold.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"helm.sh/helm/v4/pkg/chart/common"
	commonutil "helm.sh/helm/v4/pkg/chart/common/util"
	"helm.sh/helm/v4/pkg/chart/v2/lint"
	"helm.sh/helm/v4/pkg/chart/v2/lint/support"
	"helm.sh/helm/v4/pkg/chart/v2/loader"
	chartutil "helm.sh/helm/v4/pkg/chart/v2/util"
	"helm.sh/helm/v4/pkg/engine"
	releaseutil "helm.sh/helm/v4/pkg/release/v1/util"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"
)

// The Kubernetes version rendered for: the chart's kubeVersion floor is 1.27 (matchLabelKeys in
// topology spread); this is a current release, as a cluster would report it.
const kubeVersion = "v1.33.0"

const (
	releaseName = "prosign"
	namespace   = "prosign"
)

// Manifest is one rendered document: the template it came from and, for a hook, its weight.
type Manifest struct {
	Source  string
	Content string
	Hook    bool
	Weight  int
}

// Object is a rendered document decoded: a typed Kubernetes object (*appsv1.Deployment, ...) or
// one of KEDA's local types.
type Object struct {
	Manifest
	Kind   string
	Name   string
	Object runtime.Object
}

// LoadValues merges value files left to right, as `helm template -f a -f b` does (later keys
// win, maps merge).
func LoadValues(files []string) (map[string]any, error) {
	merged := map[string]any{}
	for _, file := range files {
		values, err := common.ReadValuesFile(file)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		mergeMaps(merged, values)
	}
	return merged, nil
}

func mergeMaps(into, from map[string]any) {
	for key, value := range from {
		if sub, ok := value.(map[string]any); ok {
			if existing, ok := into[key].(map[string]any); ok {
				mergeMaps(existing, sub)
				continue
			}
		}
		into[key] = value
	}
}

func parsedKubeVersion() *common.KubeVersion {
	version, err := common.ParseKubeVersion(kubeVersion)
	if err != nil {
		panic(err)
	}
	return version
}

// Lint runs `helm lint --strict`'s rules (the SDK's lint package, as the `helm lint` command
// does): Chart.yaml, values against values.schema.json, every template rendered and parsed.
// Warnings count as errors.
func Lint(chartDir string, values map[string]any) error {
	linter := lint.RunAll(chartDir, values, namespace, lint.WithKubeVersion(parsedKubeVersion()))
	var problems []string
	for _, message := range linter.Messages {
		if message.Severity >= support.WarningSev {
			problems = append(problems, message.Err.Error())
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("helm lint: %s", strings.Join(problems, "\n"))
	}
	return nil
}

// Render does what `helm template` does (the steps of the SDK's install in client-only dry-run
// mode, without its cluster client, which would double this program's build): the chart's
// kubeVersion checked, values coalesced and validated against the schema, the templates
// rendered, NOTES.txt set aside, the manifests split from the hooks in install order.
func Render(chartDir string, values map[string]any) ([]Manifest, error) {
	loaded, err := loader.Load(chartDir)
	if err != nil {
		return nil, err
	}
	capabilities := common.DefaultCapabilities.Copy()
	capabilities.KubeVersion = *parsedKubeVersion()
	if constraint := loaded.Metadata.KubeVersion; constraint != "" && !chartutil.IsCompatibleRange(constraint, capabilities.KubeVersion.String()) {
		return nil, fmt.Errorf("helm template: the chart requires kubeVersion %s, not %s", constraint, kubeVersion)
	}
	options := common.ReleaseOptions{Name: releaseName, Namespace: namespace, Revision: 1, IsInstall: true}
	renderValues, err := commonutil.ToRenderValuesWithSchemaValidation(loaded, values, options, capabilities, false)
	if err != nil {
		return nil, fmt.Errorf("helm template: %w", err)
	}
	files, err := engine.Render(loaded, renderValues)
	if err != nil {
		return nil, fmt.Errorf("helm template: %w", err)
	}
	for name := range files {
		if strings.HasSuffix(name, "NOTES.txt") {
			delete(files, name)
		}
	}
	hooks, sorted, err := releaseutil.SortManifests(files, capabilities.APIVersions, releaseutil.InstallOrder)
	if err != nil {
		return nil, fmt.Errorf("helm template: %w", err)
	}
	var manifests []Manifest
	for _, manifest := range sorted {
		manifests = append(manifests, Manifest{Source: manifest.Name, Content: manifest.Content})
	}
	for _, hook := range hooks {
		manifests = append(manifests, Manifest{Source: hook.Path, Content: hook.Manifest, Hook: true, Weight: hook.Weight})
	}
	sort.SliceStable(manifests, func(i, j int) bool { return manifests[i].Source < manifests[j].Source })
	return manifests, nil
}

// The built-in API types, decoded from YAML with unknown and duplicated fields refused.
var strictDecoder = json.NewSerializerWithOptions(json.DefaultMetaFactory, scheme.Scheme, scheme.Scheme,
	json.SerializerOptions{Yaml: true, Strict: true})

// Decode turns one manifest into its typed object, strictly.
func Decode(manifest Manifest) (Object, error) {
	var head struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	if err := yaml.Unmarshal([]byte(manifest.Content), &head); err != nil {
		return Object{}, fmt.Errorf("%s: %w", manifest.Source, err)
	}
	object := Object{Manifest: manifest, Kind: head.Kind, Name: head.Metadata.Name}
	where := fmt.Sprintf("%s (%s %s)", manifest.Source, head.Kind, head.Metadata.Name)
	if strings.HasPrefix(head.APIVersion, "keda.sh/") {
		decoded, err := decodeKeda(head.APIVersion, head.Kind, []byte(manifest.Content))
		if err != nil {
			return object, fmt.Errorf("%s: %w", where, err)
		}
		object.Object = decoded
		return object, nil
	}
	if strings.HasPrefix(head.APIVersion, "monitoring.coreos.com/") {
		decoded, err := decodeMonitoring(head.APIVersion, head.Kind, []byte(manifest.Content))
		if err != nil {
			return object, fmt.Errorf("%s: %w", where, err)
		}
		object.Object = decoded
		return object, nil
	}
	decoded, _, err := strictDecoder.Decode([]byte(manifest.Content), nil, nil)
	if err != nil {
		return object, fmt.Errorf("%s: %w", where, err)
	}
	object.Object = decoded
	return object, nil
}

// Check renders the chart with the value files, lints it, decodes every object and checks the
// policies; it returns the objects, or every problem found.
func Check(chartDir string, valueFiles []string) ([]Object, error) {
	values, err := LoadValues(valueFiles)
	if err != nil {
		return nil, err
	}
	if err := Lint(chartDir, values); err != nil {
		return nil, err
	}
	manifests, err := Render(chartDir, values)
	if err != nil {
		return nil, err
	}
	var objects []Object
	var problems []string
	for _, manifest := range manifests {
		object, err := Decode(manifest)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		objects = append(objects, object)
	}
	problems = append(problems, Policies(objects, externalsOf(values))...)
	if len(problems) > 0 {
		return objects, errors.New(strings.Join(problems, "\n"))
	}
	return objects, nil
}

// Externals are the objects the values say exist outside the chart.
type Externals struct {
	Secret         string // secret.existingSecret
	ServiceAccount string // serviceAccount.name when serviceAccount.create is false
}

func externalsOf(values map[string]any) Externals {
	var externals Externals
	if secret, ok := values["secret"].(map[string]any); ok {
		externals.Secret, _ = secret["existingSecret"].(string)
	}
	if account, ok := values["serviceAccount"].(map[string]any); ok {
		if create, _ := account["create"].(bool); !create {
			externals.ServiceAccount, _ = account["name"].(string)
		}
	}
	return externals
}

type valueFiles []string

func (v *valueFiles) String() string     { return strings.Join(*v, ",") }
func (v *valueFiles) Set(s string) error { *v = append(*v, s); return nil }

func main() {
	chartDir := flag.String("chart", "deploy/helm/prosign", "the chart's directory")
	var files valueFiles
	flag.Var(&files, "f", "a values file (repeatable; later ones win)")
	print := flag.Bool("print", false, "print the rendered manifests, as `helm template` would")
	flag.Parse()
	objects, err := Check(*chartDir, files)
	if *print {
		for _, object := range objects {
			fmt.Printf("---\n%s\n", strings.TrimSpace(object.Content))
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s with %s does not pass:\n%v\n", *chartDir, files.String(), err)
		os.Exit(1)
	}
	var kinds bytes.Buffer
	counts := map[string]int{}
	for _, object := range objects {
		counts[object.Kind]++
	}
	names := make([]string, 0, len(counts))
	for kind := range counts {
		names = append(names, kind)
	}
	sort.Strings(names)
	for i, kind := range names {
		if i > 0 {
			kinds.WriteString(", ")
		}
		fmt.Fprintf(&kinds, "%d %s", counts[kind], kind)
	}
	fmt.Printf("%s with %s passes: %d objects (%s)\n", *chartDir, files.String(), len(objects), kinds.String())
}
