package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
)

const (
	repoCompose = "../../docker-compose.yml"
	repoEnv     = "../../.env.example"
)

func loadRepo(t *testing.T) *types.Project {
	t.Helper()
	file, err := filepath.Abs(repoCompose)
	if err != nil {
		t.Fatal(err)
	}
	project, err := Load(context.Background(), file, []string{repoEnv})
	if err != nil {
		t.Fatalf("docker-compose.yml does not load with .env.example:\n%v", err)
	}
	return project
}

// The repository's file loads with the env file the README documents, and has the
// scaled-out shape of issue 38 (README, Scaling out).
func TestRepositoryComposeFileLoads(t *testing.T) {
	project := loadRepo(t)
	for _, name := range []string{"lb", "api", "worker", "mongo", "redis", "shell", "signing"} {
		if _, ok := project.Services[name]; !ok {
			t.Errorf("no %s service", name)
		}
	}
}

func TestApiAndWorkerRunTwoReplicasWithHealthChecks(t *testing.T) {
	project := loadRepo(t)
	for _, name := range []string{"api", "worker"} {
		service := project.Services[name]
		if service.Deploy == nil || service.Deploy.Replicas == nil || *service.Deploy.Replicas != 2 {
			t.Errorf("%s: want deploy.replicas 2", name)
		}
		if service.HealthCheck == nil || len(service.HealthCheck.Test) == 0 {
			t.Errorf("%s: no health check", name)
		}
	}
	if ports := project.Services["api"].Ports; len(ports) != 0 {
		t.Errorf("api publishes %v: its replicas are reached through the lb only", ports)
	}
	// Covers the worker's drain: an SMTP send may take 15 + 15 + 120 s (smtp-mail.adapter).
	if grace := project.Services["worker"].StopGracePeriod; grace == nil || time.Duration(*grace) < 150*time.Second {
		t.Errorf("worker: stop_grace_period %v does not cover the drain (150 s)", grace)
	}
	env := project.Services["api"].Environment
	if hops := env["TRUST_PROXY_HOPS"]; hops == nil || *hops != "1" {
		t.Errorf("api: TRUST_PROXY_HOPS %v, want 1 behind the lb", hops)
	}
	if uri := env["MONGODB_URI"]; uri == nil || !strings.Contains(*uri, "replicaSet=rs0") {
		t.Errorf("api: MONGODB_URI %v does not name the replica set", uri)
	}
}

func TestBalancerMountsTheClusterTemplate(t *testing.T) {
	project := loadRepo(t)
	lb := project.Services["lb"]
	template, _ := filepath.Abs("../../deploy/nginx/prosign.conf.template")
	mounted := false
	for _, volume := range lb.Volumes {
		if volume.Source == template && strings.HasPrefix(volume.Target, "/etc/nginx/templates/") {
			mounted = true
		}
	}
	if !mounted {
		t.Errorf("lb does not mount %s under /etc/nginx/templates", template)
	}
	if lb.HealthCheck == nil {
		t.Error("lb: no health check")
	}
	content, err := os.ReadFile(template)
	if err != nil {
		t.Fatal(err)
	}
	// Every variable the template uses is given to the lb (the image leaves others as they are).
	for _, name := range []string{"PROSIGN_LB_LISTEN", "PROSIGN_API_SERVERS", "PROSIGN_ACCESS_LOG"} {
		if !strings.Contains(string(content), "${"+name+"}") {
			t.Errorf("the template no longer uses %s", name)
		}
		if lb.Environment[name] == nil {
			t.Errorf("lb: %s is not set", name)
		}
	}
}

func TestMongoIsAReplicaSetAndRedisKeepsAnAppendOnlyFile(t *testing.T) {
	project := loadRepo(t)
	mongo := strings.Join(project.Services["mongo"].Command, " ")
	if !strings.Contains(mongo, "--replSet rs0") {
		t.Errorf("mongo command %q: not a replica set", mongo)
	}
	if check := project.Services["mongo"].HealthCheck; check == nil || !strings.Contains(strings.Join(check.Test, " "), "rs.initiate") {
		t.Error("mongo: no health check initiating the replica set")
	}
	if redis := strings.Join(project.Services["redis"].Command, " "); !strings.Contains(redis, "--appendonly yes") {
		t.Errorf("redis command %q: AOF is off", redis)
	}
}

// writeCompose writes a compose file and an env file into a fresh directory.
func writeCompose(t *testing.T, compose, env string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "docker-compose.yml")
	envFile := filepath.Join(dir, ".env.example")
	if err := os.WriteFile(file, []byte(compose), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(envFile, []byte(env), 0o644); err != nil {
		t.Fatal(err)
	}
	return file, envFile
}

func TestRefusesBrokenFiles(t *testing.T) {
	cases := []struct {
		name, compose, want string
	}{
		{
			name:    "an unknown key",
			compose: "services:\n  api:\n    image: x\n    replicas: 2\n",
			want:    "replicas",
		},
		{
			name:    "a value of the wrong type",
			compose: "services:\n  api:\n    image: x\n    deploy:\n      replicas: two\n",
			want:    "replicas",
		},
		{
			name:    "an unclosed interpolation",
			compose: "services:\n  api:\n    image: x\n    environment:\n      QUEUE_PREFIX: ${QUEUE_PREFIX:-prosign\n",
			want:    "invalid interpolation",
		},
		{
			name:    "a required variable the env file does not set",
			compose: "services:\n  api:\n    image: x\n    environment:\n      SEAL: ${SEAL_P12_BASE64:?set the seal}\n",
			want:    "set the seal",
		},
		{
			name:    "a variable without a default that the env file does not set",
			compose: "services:\n  api:\n    image: x\n    environment:\n      TOKEN: ${HUBSPOT_TOKEN}\n",
			want:    "HUBSPOT_TOKEN",
		},
		{
			name:    "a dependency on a service that does not exist",
			compose: "services:\n  api:\n    image: x\n    depends_on: [database]\n",
			want:    "database",
		},
		{
			name:    "a bind mount of a missing file",
			compose: "services:\n  lb:\n    image: nginx\n    volumes: ['./deploy/nginx/missing.template:/etc/nginx/templates/x.template:ro']\n",
			want:    "missing.template",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file, env := writeCompose(t, "name: broken\n"+c.compose, "QUEUE_PREFIX=prosign\n")
			_, err := Load(context.Background(), file, []string{env})
			if err == nil {
				t.Fatal("loaded without an error")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
		})
	}
}

// The check reads only the env file: a variable in the caller's environment does not hide
// one the env file lacks.
func TestIgnoresTheCallersEnvironment(t *testing.T) {
	t.Setenv("HUBSPOT_TOKEN", "from-the-shell")
	file, env := writeCompose(t, "name: env\nservices:\n  api:\n    image: x\n    environment:\n      TOKEN: ${HUBSPOT_TOKEN}\n", "")
	if _, err := Load(context.Background(), file, []string{env}); err == nil || !strings.Contains(err.Error(), "HUBSPOT_TOKEN") {
		t.Errorf("want HUBSPOT_TOKEN refused, got %v", err)
	}
}

func TestAcceptsAFileWithDefaults(t *testing.T) {
	file, env := writeCompose(t, "name: ok\nservices:\n  api:\n    image: x\n    environment:\n      QUEUE_PREFIX: ${QUEUE_PREFIX:-prosign}\n      LEVEL: ${LOG_LEVEL:-info}\n", "QUEUE_PREFIX=p\n")
	project, err := Load(context.Background(), file, []string{env})
	if err != nil {
		t.Fatal(err)
	}
	if got := *project.Services["api"].Environment["QUEUE_PREFIX"]; got != "p" {
		t.Errorf("QUEUE_PREFIX %q, want the env file's p", got)
	}
}
