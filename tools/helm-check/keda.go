package main

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

// KEDA's types (keda.sh/v1alpha1), only the fields the chart may write: KEDA's own Go module
// would bring a second copy of the Kubernetes client into this build. Decoded strictly, so a
// misspelt or misplaced field fails here as KEDA's CRD schema would refuse it.

// ScaledObject scales a Deployment on external metrics.
type ScaledObject struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              ScaledObjectSpec `json:"spec"`
}

type ScaledObjectSpec struct {
	ScaleTargetRef  ScaleTarget    `json:"scaleTargetRef"`
	MinReplicaCount *int32         `json:"minReplicaCount,omitempty"`
	MaxReplicaCount *int32         `json:"maxReplicaCount,omitempty"`
	PollingInterval *int32         `json:"pollingInterval,omitempty"`
	CooldownPeriod  *int32         `json:"cooldownPeriod,omitempty"`
	Triggers        []ScaleTrigger `json:"triggers"`
}

type ScaleTarget struct {
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind,omitempty"`
	Name       string `json:"name"`
}

// ScaleTrigger is one scaler; KEDA reads every metadata value as a string.
type ScaleTrigger struct {
	Type              string             `json:"type"`
	Name              string             `json:"name,omitempty"`
	Metadata          map[string]string  `json:"metadata"`
	AuthenticationRef *AuthenticationRef `json:"authenticationRef,omitempty"`
}

type AuthenticationRef struct {
	Name string `json:"name"`
	Kind string `json:"kind,omitempty"`
}

// TriggerAuthentication gives a scaler its credentials from a Secret.
type TriggerAuthentication struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              TriggerAuthenticationSpec `json:"spec"`
}

type TriggerAuthenticationSpec struct {
	SecretTargetRef []SecretTargetRef `json:"secretTargetRef"`
}

type SecretTargetRef struct {
	Parameter string `json:"parameter"`
	Name      string `json:"name"`
	Key       string `json:"key"`
}

func (o *ScaledObject) DeepCopyObject() runtime.Object {
	copied := *o
	return &copied
}

func (o *TriggerAuthentication) DeepCopyObject() runtime.Object {
	copied := *o
	return &copied
}

func (o *ScaledObject) GetObjectKind() schema.ObjectKind          { return &o.TypeMeta }
func (o *TriggerAuthentication) GetObjectKind() schema.ObjectKind { return &o.TypeMeta }

// The scalers the chart uses and the metadata keys KEDA's redis scaler reads.
var redisScalerMetadata = map[string]bool{
	"address": true, "host": true, "port": true, "listName": true, "listLength": true,
	"activationListLength": true, "enableTLS": true, "databaseIndex": true, "username": true,
}

func decodeKeda(apiVersion, kind string, content []byte) (runtime.Object, error) {
	if apiVersion != "keda.sh/v1alpha1" {
		return nil, fmt.Errorf("KEDA apiVersion %s: want keda.sh/v1alpha1", apiVersion)
	}
	switch kind {
	case "ScaledObject":
		var object ScaledObject
		if err := yaml.UnmarshalStrict(content, &object); err != nil {
			return nil, err
		}
		for _, trigger := range object.Spec.Triggers {
			if trigger.Type != "redis" {
				return nil, fmt.Errorf("trigger %q: type %q is not one the chart knows", trigger.Name, trigger.Type)
			}
			for key := range trigger.Metadata {
				if !redisScalerMetadata[key] {
					return nil, fmt.Errorf("trigger %q: unknown redis scaler metadata %q", trigger.Name, key)
				}
			}
		}
		return &object, nil
	case "TriggerAuthentication":
		var object TriggerAuthentication
		if err := yaml.UnmarshalStrict(content, &object); err != nil {
			return nil, err
		}
		return &object, nil
	}
	return nil, fmt.Errorf("KEDA kind %s is not one the chart renders", kind)
}
