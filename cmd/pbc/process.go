package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/playbychat/pbc/internal/fakediscord"
)

// The load tools (loadtest, scaletest) run pbc serve and pbc run as child
// processes on loopback, talking to a fake Discord, and watch them from
// outside: when they answer their health check, how much memory they hold.

// toolTokenEnv is the environment variable holding the fake bot token
// for the processes the load tools start.
const toolTokenEnv = "PBC_LOADTOOL_TOKEN"

// childCommand returns the command that runs "pbc <verb> -config path".
// Tests replace it: their binary is not pbc.
var childCommand = func(verb, path string) (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find the pbc binary: %w", err)
	}
	return exec.Command(exe, verb, "-config", path), nil
}

// child is a pbc process started by a load tool.
type child struct {
	verb    string
	cmd     *exec.Cmd
	started time.Time
	health  string // the URL of its health check
	done    chan struct{}
	err     error // how it ended; set when done is closed

	mu     sync.Mutex // protects stderr
	stderr bytes.Buffer
}

// startChild starts pbc verb with the configuration at path, whose
// health check answers at healthAddr.
func startChild(verb, path, healthAddr, token string) (*child, error) {
	cmd, err := childCommand(verb, path)
	if err != nil {
		return nil, err
	}
	cmd.Env = append(cmd.Environ(), toolTokenEnv+"="+token)
	c := &child{verb: verb, cmd: cmd, health: "http://" + healthAddr + healthPath, done: make(chan struct{})}
	out, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	c.started = time.Now()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start pbc %s: %w", verb, err)
	}
	go func() {
		// The last lines of its log, for when it fails.
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			c.mu.Lock()
			if c.stderr.Len() > 64<<10 {
				c.stderr.Reset()
			}
			c.stderr.Write(lines.Bytes())
			c.stderr.WriteByte('\n')
			c.mu.Unlock()
		}
		c.err = cmd.Wait()
		close(c.done)
	}()
	return c, nil
}

// log returns the end of the child's log.
func (c *child) log() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stderr.String()
	if len(s) > 4000 {
		s = "…" + s[len(s)-4000:]
	}
	return s
}

// waitReady polls the health check until it answers 200 and returns the
// time from the start of the process.
func (c *child) waitReady(ctx context.Context) (time.Duration, error) {
	client := &http.Client{Timeout: time.Second}
	for {
		resp, err := client.Get(c.health)
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Since(c.started), nil
			}
		}
		select {
		case <-ctx.Done():
			return 0, fmt.Errorf("pbc %s not ready: %w\n%s", c.verb, ctx.Err(), c.log())
		case <-c.done:
			return 0, fmt.Errorf("pbc %s ended before it was ready (%v):\n%s", c.verb, c.err, c.log())
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// memory returns the child's resident memory now and its peak, in bytes
// (Linux only).
func (c *child) memory() (rss, peak int64, err error) {
	return procMemory(c.cmd.Process.Pid)
}

// stop ends the child with SIGTERM, as a service manager does, and waits
// for it; it is killed when it takes longer than shutdownGrace.
func (c *child) stop() error {
	select {
	case <-c.done:
		return fmt.Errorf("pbc %s had ended (%v):\n%s", c.verb, c.err, c.log())
	default:
	}
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	select {
	case <-c.done:
	case <-time.After(shutdownGrace + 5*time.Second):
		c.cmd.Process.Kill()
		<-c.done
		return fmt.Errorf("pbc %s did not stop on SIGTERM", c.verb)
	}
	if c.err != nil {
		return fmt.Errorf("pbc %s: %w\n%s", c.verb, c.err, c.log())
	}
	return nil
}

// cpuTime returns the processor time the child has used so far (Linux
// only).
func (c *child) cpuTime() (time.Duration, error) {
	return procCPU(c.cmd.Process.Pid)
}

// clockTicks is the unit of the times in /proc/PID/stat (USER_HZ, 100 on
// every Linux architecture Go supports).
const clockTicks = 100

// procCPU reads the user and system time of a process, all its threads,
// from /proc/PID/stat.
func procCPU(pid int) (time.Duration, error) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, fmt.Errorf("processor time of process %d: %w", pid, err)
	}
	// The command name, in parentheses, may hold spaces: count from the
	// last parenthesis. utime and stime are fields 14 and 15.
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	if len(fields) < 13 {
		return 0, fmt.Errorf("processor time of process %d: short /proc/PID/stat", pid)
	}
	var ticks int64
	for _, f := range fields[11:13] {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("processor time of process %d: %w", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}

// selfCPU returns the processor time this process has used so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// procMemory reads VmRSS and VmHWM of a process from /proc.
func procMemory(pid int) (rss, peak int64, err error) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return 0, 0, fmt.Errorf("memory of process %d: %w", pid, err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok || (key != "VmRSS" && key != "VmHWM") {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("memory of process %d: %q: %w", pid, line, err)
		}
		if key == "VmRSS" {
			rss = kb << 10
		} else {
			peak = kb << 10
		}
	}
	if rss == 0 {
		return 0, 0, errors.New("no VmRSS in /proc/PID/status")
	}
	return rss, peak, nil
}

// freeLoopback returns a loopback address with a port nobody listens on
// now.
func freeLoopback() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// childConfig is the configuration file of a process a load tool starts.
type childConfig struct {
	fakeURL   string
	database  string
	publicKey string // hex; pbc serve only
	listen    string // pbc serve's address, or pbc run's health checks
	verb      string
	logLevel  string
}

// write writes the configuration into dir and returns its path.
func (c childConfig) write(dir string) (string, error) {
	level := c.logLevel
	if level == "" {
		level = "warn"
	}
	text := fmt.Sprintf("token_env: %s\napi_base_url: %s\napplication_id: %q\ndatabase: %q\nlog: {level: %s}\n",
		toolTokenEnv, c.fakeURL, fakediscord.AppID, c.database, level)
	if c.verb == "serve" {
		text += fmt.Sprintf("public_key: %s\nlisten: %q\n", c.publicKey, c.listen)
	} else {
		text += fmt.Sprintf("health_listen: %q\n", c.listen)
	}
	f, err := os.CreateTemp(dir, c.verb+"-*.yaml")
	if err != nil {
		return "", err
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return "", err
	}
	return f.Name(), f.Close()
}
