package main

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
)

// The rendered exec probes are run as the kubelet would, with node, against a test server and a
// throw-away Redis: they must answer what README says they answer. Needs node, redis-server and
// the workspace's node_modules (ioredis), which `npm test` installs.

func execProbes(t *testing.T) (apiLive, workerReady, workerLive []string) {
	t.Helper()
	objects := render(t, "defaults")
	api := find[*appsv1.Deployment](t, objects, "Deployment", "prosign-api").Spec.Template.Spec.Containers[0]
	worker := find[*appsv1.Deployment](t, objects, "Deployment", "prosign-worker").Spec.Template.Spec.Containers[0]
	return api.LivenessProbe.Exec.Command, worker.ReadinessProbe.Exec.Command, worker.LivenessProbe.Exec.Command
}

func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (npm test installs it)", tool)
		}
	}
}

// runProbe runs a probe's command from the repository's root (its node_modules stand for the
// image's) and returns its exit code.
func runProbe(t *testing.T, command []string, env ...string) int {
	t.Helper()
	probe := exec.Command(command[0], command[1:]...)
	probe.Dir = "../.."
	probe.Env = append(os.Environ(), env...)
	output, err := probe.CombinedOutput()
	if err == nil {
		return 0
	}
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode()
	}
	t.Fatalf("%v: %v\n%s", command, err, output)
	return -1
}

// The api is alive while /api/health answers at all, a 503 (MongoDB or Redis down) included.
func TestApiLivenessProbeCountsAnOutageAsAlive(t *testing.T) {
	needTools(t, "node")
	live, _, _ := execProbes(t)
	if !strings.Contains(live[2], "http://127.0.0.1:3000/api/health") {
		t.Fatalf("the api's liveness no longer asks 127.0.0.1:3000/api/health: %q", live[2])
	}
	for _, c := range []struct {
		status int
		hang   bool
		want   int
	}{{200, false, 0}, {503, false, 0}, {500, false, 1}, {0, true, 1}} {
		release := make(chan struct{})
		server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/api/health" {
				http.NotFound(w, r)
				return
			}
			if c.hang {
				<-release
				return
			}
			w.WriteHeader(c.status)
		}))
		command := append([]string{}, live...)
		command[2] = strings.Replace(command[2], "http://127.0.0.1:3000", server.URL, 1)
		started := time.Now()
		got := runProbe(t, command)
		close(release)
		server.Close()
		what := fmt.Sprintf("health answering %d", c.status)
		if c.hang {
			what = "health never answering"
		}
		if got != c.want {
			t.Errorf("%s: exit %d, want %d", what, got, c.want)
		}
		if c.hang && time.Since(started) > 12*time.Second {
			t.Errorf("%s: the probe took %s, past its 10 s timeout", what, time.Since(started))
		}
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	return listener.Addr().(*net.TCPAddr).Port
}

// A worker is ready while its own heartbeat is fresh (20 s) and restarted only when Redis answers
// and its heartbeat stopped (60 s): a Redis outage makes it unready, never restarts it.
func TestWorkerProbesReadTheHeartbeat(t *testing.T) {
	needTools(t, "node", "redis-server", "redis-cli")
	if _, err := os.Stat(filepath.Join("../..", "node_modules", "ioredis")); err != nil {
		t.Skip("node_modules/ioredis is not installed (npm test installs it)")
	}
	_, ready, live := execProbes(t)
	port := freePort(t)
	redis := exec.Command("redis-server", "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err := redis.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = redis.Process.Kill(); _ = redis.Wait() })
	cli := func(args ...string) {
		t.Helper()
		for try := 0; ; try++ {
			output, err := exec.Command("redis-cli", append([]string{"-p", fmt.Sprint(port)}, args...)...).CombinedOutput()
			if err == nil && !strings.Contains(string(output), "refused") {
				return
			}
			if try == 50 {
				t.Fatalf("redis-cli %v: %v %s", args, err, output)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	beat := func(member string, age time.Duration) {
		cli("zadd", "prosign:workers", fmt.Sprint(time.Now().Add(-age).UnixMilli()), member)
	}
	env := []string{fmt.Sprintf("REDIS_URL=redis://127.0.0.1:%d", port), "QUEUE_PREFIX=prosign"}
	check := func(what string, wantReady, wantLive int, env []string) {
		t.Helper()
		if got := runProbe(t, ready, env...); got != wantReady {
			t.Errorf("%s: readiness exit %d, want %d", what, got, wantReady)
		}
		if got := runProbe(t, live, env...); got != wantLive {
			t.Errorf("%s: liveness exit %d, want %d", what, got, wantLive)
		}
	}
	cli("del", "prosign:workers")
	check("no heartbeat yet", 1, 1, env)
	beat(host+":1", 0)
	check("a fresh heartbeat", 0, 0, env)
	beat(host+":1", 30*time.Second)
	check("a heartbeat 30 s old", 1, 0, env)
	beat(host+":1", 90*time.Second)
	beat("another-pod:1", 0)
	check("its heartbeat 90 s old, another pod's fresh", 1, 1, env)
	down := []string{fmt.Sprintf("REDIS_URL=redis://127.0.0.1:%d", freePort(t)), "QUEUE_PREFIX=prosign"}
	check("Redis not answering", 1, 0, down)
}
