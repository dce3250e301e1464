// compose-check loads a Compose file the way `docker compose` does (compose-go's
// cli loader: the env file, interpolation, the Compose Specification's schema,
// the project's consistency) and fails on any error. No container engine runs on
// the machines that build ProSign, so this is how `npm test` knows that
// docker-compose.yml still loads:
//
//	compose-check [-f docker-compose.yml] [--env-file .env.example]
//
// On top of what compose-go refuses it also refuses a variable used without a
// default that the env file does not set (compose would only warn and use ""),
// and a bind mount whose source is missing (compose would create an empty
// directory in its place).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
	"github.com/sirupsen/logrus"
)

// unsetVariables collects compose-go's "variable is not set" warnings while a file loads.
type unsetVariables struct {
	mu    sync.Mutex
	names map[string]bool
}

func (u *unsetVariables) Levels() []logrus.Level { return []logrus.Level{logrus.WarnLevel} }

func (u *unsetVariables) Fire(entry *logrus.Entry) error {
	const marker = " variable is not set"
	if i := strings.Index(entry.Message, marker); i > 0 {
		u.mu.Lock()
		u.names[strings.Trim(entry.Message[:i], `The "`)] = true
		u.mu.Unlock()
	}
	return nil
}

var (
	hookOnce sync.Once
	unset    = &unsetVariables{names: map[string]bool{}}
)

// Load reads composeFile with the variables of envFiles only (never the caller's
// environment, so the check gives the same answer on every machine) and returns
// the project, or every problem found.
func Load(ctx context.Context, composeFile string, envFiles []string) (*types.Project, error) {
	hookOnce.Do(func() { logrus.AddHook(unset) })
	unset.mu.Lock()
	unset.names = map[string]bool{}
	unset.mu.Unlock()

	workingDir := filepath.Dir(composeFile)
	options, err := cli.NewProjectOptions(
		[]string{composeFile},
		cli.WithWorkingDirectory(workingDir),
		cli.WithEnvFiles(envFiles...),
		cli.WithDotEnv,
		cli.WithInterpolation(true),
		cli.WithNormalization(true),
		cli.WithConsistency(true),
		cli.WithResolvedPaths(true),
	)
	if err != nil {
		return nil, err
	}
	project, err := cli.ProjectFromOptions(ctx, options)
	if err != nil {
		return nil, err
	}

	var problems []string
	unset.mu.Lock()
	for name := range unset.names {
		problems = append(problems, fmt.Sprintf("variable %s is used without a default and the env file does not set it", name))
	}
	unset.mu.Unlock()
	for _, name := range project.ServiceNames() {
		service := project.Services[name]
		for _, volume := range service.Volumes {
			if volume.Type != types.VolumeTypeBind {
				continue
			}
			if _, err := os.Stat(volume.Source); err != nil {
				problems = append(problems, fmt.Sprintf("service %s mounts %s, which does not exist", name, volume.Source))
			}
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return project, errors.New(strings.Join(problems, "\n"))
	}
	return project, nil
}

func main() {
	composeFile := flag.String("f", "docker-compose.yml", "the Compose file")
	envFile := flag.String("env-file", ".env.example", "the env file (the one the README documents)")
	flag.Parse()
	file, err := filepath.Abs(*composeFile)
	if err == nil {
		var project *types.Project
		project, err = Load(context.Background(), file, []string{*envFile})
		if err == nil {
			fmt.Printf("%s loads: %d services (%s)\n", *composeFile, len(project.Services), strings.Join(project.ServiceNames(), ", "))
			return
		}
	}
	fmt.Fprintf(os.Stderr, "%s does not load:\n%v\n", *composeFile, err)
	os.Exit(1)
}
