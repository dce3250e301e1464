package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// rendering indexes the decoded objects for the policies.
type rendering struct {
	external    Externals
	deployments []*appsv1.Deployment
	jobs        []Object
	pdbs        []*policyv1.PodDisruptionBudget
	policies    []*networkingv1.NetworkPolicy
	services    map[string]*corev1.Service
	ingresses   []*networkingv1.Ingress
	hpas        []*autoscalingv2.HorizontalPodAutoscaler
	scaled      []*ScaledObject
	monitors    []*PodMonitor
	// The ConfigMaps, Secrets and ServiceAccounts a release's objects can use, and those a hook
	// can use (with their weight: a hook sees only those created before it).
	configMaps, secrets, accounts             map[string]bool
	hookConfigMaps, hookSecrets, hookAccounts map[string]int
	// Kind and name of every object, hooks apart.
	releaseNames, hookNames map[string]bool
}

func index(objects []Object, external Externals) *rendering {
	r := &rendering{
		external: external, services: map[string]*corev1.Service{},
		configMaps: map[string]bool{}, secrets: map[string]bool{}, accounts: map[string]bool{},
		hookConfigMaps: map[string]int{}, hookSecrets: map[string]int{}, hookAccounts: map[string]int{},
		releaseNames: map[string]bool{}, hookNames: map[string]bool{},
	}
	for _, object := range objects {
		if object.Hook {
			r.hookNames[object.Kind+" "+object.Name] = true
		} else {
			r.releaseNames[object.Kind+" "+object.Name] = true
		}
		switch typed := object.Object.(type) {
		case *appsv1.Deployment:
			r.deployments = append(r.deployments, typed)
		case *batchv1.Job:
			r.jobs = append(r.jobs, object)
		case *policyv1.PodDisruptionBudget:
			r.pdbs = append(r.pdbs, typed)
		case *networkingv1.NetworkPolicy:
			r.policies = append(r.policies, typed)
		case *corev1.Service:
			r.services[typed.Name] = typed
		case *networkingv1.Ingress:
			r.ingresses = append(r.ingresses, typed)
		case *autoscalingv2.HorizontalPodAutoscaler:
			r.hpas = append(r.hpas, typed)
		case *ScaledObject:
			r.scaled = append(r.scaled, typed)
		case *PodMonitor:
			r.monitors = append(r.monitors, typed)
		case *corev1.ConfigMap:
			record(object, r.configMaps, r.hookConfigMaps)
		case *corev1.Secret:
			record(object, r.secrets, r.hookSecrets)
		case *corev1.ServiceAccount:
			record(object, r.accounts, r.hookAccounts)
		}
	}
	return r
}

func record(object Object, release map[string]bool, hooks map[string]int) {
	if object.Hook {
		hooks[object.Name] = object.Weight
	} else {
		release[object.Name] = true
	}
}

// Policies returns every broken promise among the rendered objects: hardened pods, probes,
// resources, pinned images, each Deployment covered by a PodDisruptionBudget and a
// NetworkPolicy, and every reference (envFrom, Service, Ingress, scaler) resolving.
func Policies(objects []Object, external Externals) []string {
	r := index(objects, external)
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	// Helm would delete the release's object when it deletes the hook of that name (and the
	// install would find it taken).
	for name := range r.hookNames {
		if r.releaseNames[name] {
			add("%s: both a hook and an object of the release", name)
		}
	}
	for _, deployment := range r.deployments {
		where := "Deployment " + deployment.Name
		template := deployment.Spec.Template
		for _, problem := range r.podProblems(template.Spec, true, nil) {
			add("%s: %s", where, problem)
		}
		selector, err := metav1.LabelSelectorAsSelector(deployment.Spec.Selector)
		if err != nil || !selector.Matches(labels.Set(template.Labels)) {
			add("%s: its selector does not select its own pods", where)
		}
		if !r.coveredByBudget(template.Labels) {
			add("%s: no PodDisruptionBudget selects its pods", where)
		}
		if !r.coveredByNetworkPolicy(template.Labels) {
			add("%s: no NetworkPolicy (Ingress and Egress) selects its pods", where)
		}
		if len(template.Spec.TopologySpreadConstraints) == 0 {
			add("%s: no topologySpreadConstraints", where)
		}
		if template.Spec.TerminationGracePeriodSeconds == nil {
			add("%s: no terminationGracePeriodSeconds", where)
		}
	}
	for _, job := range r.jobs {
		spec := job.Object.(*batchv1.Job).Spec.Template.Spec
		weight := job.Weight
		for _, problem := range r.podProblems(spec, false, &weight) {
			add("Job %s: %s", job.Name, problem)
		}
	}

	scaledTargets := map[string]string{}
	for _, hpa := range r.hpas {
		scaledTargets[hpa.Spec.ScaleTargetRef.Name] = "HorizontalPodAutoscaler " + hpa.Name
		if hpa.Spec.ScaleTargetRef.Kind != "Deployment" {
			add("HorizontalPodAutoscaler %s: scales a %s", hpa.Name, hpa.Spec.ScaleTargetRef.Kind)
		}
	}
	for _, scaled := range r.scaled {
		if previous, ok := scaledTargets[scaled.Spec.ScaleTargetRef.Name]; ok {
			add("ScaledObject %s: scales what %s scales too", scaled.Name, previous)
		}
		scaledTargets[scaled.Spec.ScaleTargetRef.Name] = "ScaledObject " + scaled.Name
		if len(scaled.Spec.Triggers) == 0 {
			add("ScaledObject %s: no triggers", scaled.Name)
		}
	}
	for target, by := range scaledTargets {
		deployment := r.deployment(target)
		if deployment == nil {
			add("%s: scales Deployment %s, which is not rendered", by, target)
		} else if deployment.Spec.Replicas != nil {
			add("Deployment %s: sets replicas, which %s owns (every upgrade would reset them)", target, by)
		}
	}

	for _, monitor := range r.monitors {
		for _, problem := range r.monitorProblems(monitor) {
			add("PodMonitor %s: %s", monitor.Name, problem)
		}
	}

	for _, service := range r.services {
		if !r.serviceReachesPods(service) {
			add("Service %s: selects no Deployment's pods on its target ports", service.Name)
		}
	}
	for _, ingress := range r.ingresses {
		for _, rule := range ingress.Spec.Rules {
			if rule.HTTP == nil {
				continue
			}
			for _, path := range rule.HTTP.Paths {
				backend := path.Backend.Service
				if backend == nil {
					add("Ingress %s: %s%s has no Service backend", ingress.Name, rule.Host, path.Path)
					continue
				}
				service := r.services[backend.Name]
				if service == nil || !slices.ContainsFunc(service.Spec.Ports, func(port corev1.ServicePort) bool {
					return port.Name == backend.Port.Name && (backend.Port.Number == 0 || port.Port == backend.Port.Number)
				}) {
					add("Ingress %s: %s%s goes to %s port %q, which is not rendered", ingress.Name, rule.Host, path.Path, backend.Name, backend.Port.Name)
				}
			}
		}
	}
	sort.Strings(problems)
	return problems
}

func (r *rendering) deployment(name string) *appsv1.Deployment {
	for _, deployment := range r.deployments {
		if deployment.Name == name {
			return deployment
		}
	}
	return nil
}

func (r *rendering) coveredByBudget(podLabels map[string]string) bool {
	for _, pdb := range r.pdbs {
		selector, err := metav1.LabelSelectorAsSelector(pdb.Spec.Selector)
		if err == nil && !selector.Empty() && selector.Matches(labels.Set(podLabels)) {
			return true
		}
	}
	return false
}

func (r *rendering) coveredByNetworkPolicy(podLabels map[string]string) bool {
	for _, policy := range r.policies {
		selector, err := metav1.LabelSelectorAsSelector(&policy.Spec.PodSelector)
		if err != nil || !selector.Matches(labels.Set(podLabels)) {
			continue
		}
		if slices.Contains(policy.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) &&
			slices.Contains(policy.Spec.PolicyTypes, networkingv1.PolicyTypeEgress) {
			return true
		}
	}
	return false
}

func (r *rendering) serviceReachesPods(service *corev1.Service) bool {
	if len(service.Spec.Selector) == 0 {
		return false
	}
	selector := labels.SelectorFromSet(service.Spec.Selector)
	for _, deployment := range r.deployments {
		if !selector.Matches(labels.Set(deployment.Spec.Template.Labels)) {
			continue
		}
		reached := true
		for _, port := range service.Spec.Ports {
			if port.TargetPort.StrVal == "" {
				continue
			}
			named := false
			for _, container := range deployment.Spec.Template.Spec.Containers {
				for _, containerPort := range container.Ports {
					named = named || containerPort.Name == port.TargetPort.StrVal
				}
			}
			reached = reached && named
		}
		if reached {
			return true
		}
	}
	return false
}

// podProblems checks one pod spec. A release's pods (hookWeight nil) may use the release's
// ConfigMaps, Secrets and ServiceAccounts; a hook's only the hooks created before it.
func (r *rendering) podProblems(spec corev1.PodSpec, needsProbes bool, hookWeight *int) []string {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	if spec.AutomountServiceAccountToken == nil || *spec.AutomountServiceAccountToken {
		add("mounts a service-account token (automountServiceAccountToken is not false)")
	}
	if name := spec.ServiceAccountName; name != "" && name != "default" && name != r.external.ServiceAccount && !r.available(name, r.accounts, r.hookAccounts, hookWeight) {
		add("runs as ServiceAccount %s, which does not exist by then", name)
	}
	pod := spec.SecurityContext
	if pod == nil {
		pod = &corev1.PodSecurityContext{}
	}
	emptyDirs := map[string]bool{}
	for _, volume := range spec.Volumes {
		if volume.EmptyDir != nil {
			emptyDirs[volume.Name] = true
		}
	}
	containers := append(append([]corev1.Container{}, spec.InitContainers...), spec.Containers...)
	for _, container := range containers {
		in := func(format string, args ...any) {
			add("container %s: "+format, append([]any{container.Name}, args...)...)
		}
		security := container.SecurityContext
		if security == nil {
			security = &corev1.SecurityContext{}
		}
		if !isTrue(security.RunAsNonRoot) && !isTrue(pod.RunAsNonRoot) {
			in("runAsNonRoot is not true")
		}
		user := security.RunAsUser
		if user == nil {
			user = pod.RunAsUser
		}
		if user == nil || *user == 0 {
			in("no numeric non-root runAsUser (the kubelet cannot prove a named user is not root)")
		}
		if !isTrue(security.ReadOnlyRootFilesystem) {
			in("the root file system is writable (readOnlyRootFilesystem is not true)")
		}
		if security.AllowPrivilegeEscalation == nil || *security.AllowPrivilegeEscalation {
			in("allowPrivilegeEscalation is not false")
		}
		if isTrue(security.Privileged) {
			in("privileged")
		}
		if security.Capabilities == nil || !slices.Contains(security.Capabilities.Drop, "ALL") {
			in("does not drop ALL capabilities")
		} else if len(security.Capabilities.Add) > 0 {
			in("adds capabilities %v", security.Capabilities.Add)
		}
		seccomp := security.SeccompProfile
		if seccomp == nil {
			seccomp = pod.SeccompProfile
		}
		if seccomp == nil || seccomp.Type != corev1.SeccompProfileTypeRuntimeDefault {
			in("seccomp profile is not RuntimeDefault")
		}
		for _, resource := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
			if _, ok := container.Resources.Requests[resource]; !ok {
				in("no %s request", resource)
			}
			if _, ok := container.Resources.Limits[resource]; !ok {
				in("no %s limit", resource)
			}
		}
		if problem := imageProblem(container.Image); problem != "" {
			in("image %q %s", container.Image, problem)
		}
		tmp := false
		for _, mount := range container.VolumeMounts {
			tmp = tmp || (mount.MountPath == "/tmp" && emptyDirs[mount.Name] && !mount.ReadOnly)
		}
		if !tmp {
			in("no writable emptyDir at /tmp (the root file system is read-only)")
		}
		if needsProbes {
			switch {
			case container.ReadinessProbe == nil:
				in("no readiness probe")
			case container.LivenessProbe == nil:
				in("no liveness probe")
			case equality.Semantic.DeepEqual(container.ReadinessProbe.ProbeHandler, container.LivenessProbe.ProbeHandler):
				in("readiness and liveness probes ask the same thing (ready = dependencies up; live = the process answers)")
			}
		}
		for _, source := range container.EnvFrom {
			if ref := source.ConfigMapRef; ref != nil && !r.available(ref.Name, r.configMaps, r.hookConfigMaps, hookWeight) {
				in("reads ConfigMap %s, which does not exist by then", ref.Name)
			}
			if ref := source.SecretRef; ref != nil && ref.Name != r.external.Secret && !r.available(ref.Name, r.secrets, r.hookSecrets, hookWeight) {
				in("reads Secret %s, which does not exist by then", ref.Name)
			}
		}
	}
	return problems
}

// available says whether a named object exists for a pod: for a release's pod, among the
// release's objects; for a hook's, among the hooks of a lower weight (Helm creates hooks in
// weight order, before the release's own objects on an install).
func (r *rendering) available(name string, release map[string]bool, hooks map[string]int, hookWeight *int) bool {
	if hookWeight == nil {
		return release[name]
	}
	weight, ok := hooks[name]
	return ok && weight < *hookWeight
}

func isTrue(value *bool) bool { return value != nil && *value }

// imageProblem says what is wrong with an image reference: no tag (Kubernetes pulls `latest`)
// or `latest` itself, either of which makes a rollback or a new node run other code.
func imageProblem(image string) string {
	if strings.Contains(image, "@sha256:") {
		return ""
	}
	colon := strings.LastIndex(image, ":")
	if colon <= strings.LastIndex(image, "/") || colon == len(image)-1 {
		return "has no tag"
	}
	if image[colon+1:] == "latest" {
		return "is tagged latest"
	}
	return ""
}

// monitorProblems: a PodMonitor must select Deployments' pods, each of which names every port it scrapes.
func (r *rendering) monitorProblems(monitor *PodMonitor) []string {
	selector, err := metav1.LabelSelectorAsSelector(&monitor.Spec.Selector)
	if err != nil {
		return []string{fmt.Sprintf("its selector: %v", err)}
	}
	if len(monitor.Spec.PodMetricsEndpoints) == 0 {
		return []string{"no podMetricsEndpoints"}
	}
	var problems []string
	selected := 0
	for _, deployment := range r.deployments {
		template := deployment.Spec.Template
		if !selector.Matches(labels.Set(template.Labels)) {
			continue
		}
		selected++
		for _, endpoint := range monitor.Spec.PodMetricsEndpoints {
			if !podHasPort(template.Spec, endpoint.Port) {
				problems = append(problems, fmt.Sprintf("Deployment %s has no port %q to scrape", deployment.Name, endpoint.Port))
			}
		}
	}
	if selected == 0 {
		problems = append(problems, "selects no Deployment's pods")
	}
	return problems
}

func podHasPort(pod corev1.PodSpec, name string) bool {
	for _, container := range pod.Containers {
		for _, port := range container.Ports {
			if port.Name == name {
				return true
			}
		}
	}
	return false
}
