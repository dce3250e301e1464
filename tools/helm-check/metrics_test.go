package main

import (
	"slices"
	"strconv"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
)

// The api and the worker serve /metrics on a port of their own (README, Metrics): named
// `metrics`, set as METRICS_PORT / WORKER_METRICS_PORT, announced to Prometheus's pod discovery,
// behind no Service and no Ingress path, and open only to the Prometheus networkPolicy names.
func TestMetricsPortsOnlyForPrometheus(t *testing.T) {
	objects := render(t, "defaults")
	for _, c := range []struct{ deployment, variable, port string }{
		{"prosign-api", "METRICS_PORT", "9464"},
		{"prosign-worker", "WORKER_METRICS_PORT", "9465"},
	} {
		pod := find[*appsv1.Deployment](t, objects, "Deployment", c.deployment).Spec.Template
		container := pod.Spec.Containers[0]
		if !slices.ContainsFunc(container.Env, func(e corev1.EnvVar) bool { return e.Name == c.variable && e.Value == c.port }) {
			t.Errorf("%s: %s is not %s: %v", c.deployment, c.variable, c.port, container.Env)
		}
		if !slices.ContainsFunc(container.Ports, func(p corev1.ContainerPort) bool {
			return p.Name == "metrics" && p.ContainerPort == parsePort(t, c.port)
		}) {
			t.Errorf("%s: no metrics containerPort %s: %v", c.deployment, c.port, container.Ports)
		}
		if pod.Annotations["prometheus.io/scrape"] != "true" || pod.Annotations["prometheus.io/port"] != c.port ||
			pod.Annotations["prometheus.io/path"] != "/metrics" {
			t.Errorf("%s: scrape annotations %v", c.deployment, pod.Annotations)
		}
	}

	// No Service leads to a metrics port, so no Ingress path can.
	for _, name := range named(objects, "Service") {
		for _, port := range find[*corev1.Service](t, objects, "Service", name).Spec.Ports {
			if port.TargetPort.String() == "metrics" || port.Port == 9464 || port.Port == 9465 {
				t.Errorf("Service %s exposes a metrics port: %+v", name, port)
			}
		}
	}

	// Whoever reaches a metrics port is the Prometheus peer, and that peer reaches nothing else.
	for _, c := range []struct {
		policy string
		port   int32
	}{{"prosign-api", 9464}, {"prosign-worker", 9465}} {
		policy := find[*networkingv1.NetworkPolicy](t, objects, "NetworkPolicy", c.policy)
		found := false
		for _, rule := range policy.Spec.Ingress {
			fromPrometheus := len(rule.From) == 1 && rule.From[0].NamespaceSelector != nil &&
				rule.From[0].NamespaceSelector.MatchLabels["kubernetes.io/metadata.name"] == "monitoring" &&
				rule.From[0].PodSelector.MatchLabels["app.kubernetes.io/name"] == "prometheus"
			onMetrics := len(rule.Ports) == 1 && rule.Ports[0].Port.IntVal == c.port
			if fromPrometheus != onMetrics {
				t.Errorf("NetworkPolicy %s: a rule mixes Prometheus and other traffic: %+v", c.policy, rule)
			}
			found = found || (fromPrometheus && onMetrics)
		}
		if !found {
			t.Errorf("NetworkPolicy %s: Prometheus may not reach port %d: %+v", c.policy, c.port, policy.Spec.Ingress)
		}
	}
	if slices.Contains(named(objects, "PodMonitor"), "prosign-server") {
		t.Error("a PodMonitor is rendered though podMonitor is off (its CRD may not exist)")
	}
}

// With podMonitor on, one PodMonitor scrapes the api's and the worker's metrics ports.
func TestPodMonitorScrapesApiAndWorker(t *testing.T) {
	objects := render(t, "pod monitor")
	monitor := find[*PodMonitor](t, objects, "PodMonitor", "prosign-server")
	if monitor.Labels["release"] != "kube-prometheus-stack" {
		t.Errorf("labels %v lack the given ones", monitor.Labels)
	}
	endpoints := monitor.Spec.PodMetricsEndpoints
	if len(endpoints) != 1 || endpoints[0].Port != "metrics" || endpoints[0].Path != "/metrics" || endpoints[0].Interval != "15s" {
		t.Errorf("endpoints %+v", endpoints)
	}
	var components []string
	for _, expression := range monitor.Spec.Selector.MatchExpressions {
		if expression.Key == "app.kubernetes.io/component" {
			components = expression.Values
		}
	}
	if !slices.Equal(components, []string{"api", "worker"}) {
		t.Errorf("selects components %v, want api and worker", components)
	}
}

func parsePort(t *testing.T, text string) int32 {
	t.Helper()
	port, err := strconv.Atoi(text)
	if err != nil {
		t.Fatalf("port %q: %v", text, err)
	}
	return int32(port)
}
