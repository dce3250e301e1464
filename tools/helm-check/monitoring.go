package main

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

// The Prometheus Operator's PodMonitor (monitoring.coreos.com/v1), only the fields the chart may
// write, decoded strictly as keda.go decodes KEDA's types (the operator's module is not needed).

// PodMonitor has Prometheus scrape the named port of the pods it selects.
type PodMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              PodMonitorSpec `json:"spec"`
}

type PodMonitorSpec struct {
	Selector            metav1.LabelSelector `json:"selector"`
	PodMetricsEndpoints []PodMetricsEndpoint `json:"podMetricsEndpoints"`
}

type PodMetricsEndpoint struct {
	Port     string `json:"port"`
	Path     string `json:"path,omitempty"`
	Interval string `json:"interval,omitempty"`
}

func (o *PodMonitor) DeepCopyObject() runtime.Object {
	copied := *o
	return &copied
}

func (o *PodMonitor) GetObjectKind() schema.ObjectKind { return &o.TypeMeta }

func decodeMonitoring(apiVersion, kind string, content []byte) (runtime.Object, error) {
	if apiVersion != "monitoring.coreos.com/v1" || kind != "PodMonitor" {
		return nil, fmt.Errorf("%s %s is not one the chart renders", apiVersion, kind)
	}
	var object PodMonitor
	if err := yaml.UnmarshalStrict(content, &object); err != nil {
		return nil, err
	}
	return &object, nil
}
