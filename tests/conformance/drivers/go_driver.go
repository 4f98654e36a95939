// Test code: runs one generated Go snippet against the conformance server
// and prints its outcome as one JSON line.
//
//	go-driver VARIANT URL METHOD [BODY]
//
// The harness copies every Go snippet into a package of a temporary module
// and writes variants.go, which maps each file stem (full-honor) to that
// package's DoWithBackoff (and hooks to its OnRetry), so one build serves
// them all. `ended` is when
// the call returned, in ms from the start; `retries` lists the OnRetry
// calls (retry, waitMs, status or error, and `at`, when it was called).
// Settings from the environment:
//
//	DRIVER_TIMEOUT_MS   becomes the client's Timeout
//	DRIVER_CONTEXT_MS   the requests carry a context with that deadline
//	DRIVER_REPEAT       make that many calls in a row; the last one's
//	                    outcome is printed, `calls` holds them all
//	DRIVER_BAD_HEADER   send a header whose value holds a line break
//	DRIVER_KEY          the caller's own Idempotency-Key header
//	HTTPS_PROXY         the client's Transport (http.DefaultTransport) reads it
//	                    through http.ProxyFromEnvironment and tunnels an
//	                    https:// URL through that proxy
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"
)

type doFunc func(*http.Client, func() (*http.Request, error)) (*http.Response, error)

// hookFunc is the type of each snippet's OnRetry.
type hookFunc = func(int, time.Duration, *http.Response, error)

// typedError finds the snippet's *RetryError in err's chain (each snippet
// has its own package, so by name) and returns its fields.
func typedError(err error) map[string]any {
	for ; err != nil; err = errors.Unwrap(err) {
		v := reflect.ValueOf(err)
		if v.Kind() != reflect.Pointer || v.Elem().Type().Name() != "RetryError" {
			continue
		}
		fields := map[string]any{}
		for _, name := range []string{"Attempts", "StatusCode", "Deadline"} {
			if f := v.Elem().FieldByName(name); f.IsValid() {
				fields[name] = f.Interface()
			}
		}
		return fields
	}
	return nil
}

func main() {
	args := os.Args[1:]
	if len(args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: go-driver VARIANT URL METHOD [BODY]")
		os.Exit(2)
	}
	do, ok := variants[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "go-driver: no variant %q\n", args[0])
		os.Exit(2)
	}
	start := time.Now()
	since := func() float64 { return float64(time.Since(start)) / float64(time.Millisecond) }
	calls := []float64{}
	retries := []map[string]any{}
	if hook, ok := hooks[args[0]]; ok {
		*hook = func(retry int, wait time.Duration, resp *http.Response, err error) {
			call := map[string]any{"retry": retry, "waitMs": float64(wait) / float64(time.Millisecond), "at": since()}
			if resp != nil {
				call["status"] = resp.StatusCode
			}
			if err != nil {
				call["error"] = err.Error()
			}
			retries = append(retries, call)
		}
	}
	client := &http.Client{}
	if ms, err := strconv.Atoi(os.Getenv("DRIVER_TIMEOUT_MS")); err == nil {
		client.Timeout = time.Duration(ms) * time.Millisecond
	}
	repeat, err := strconv.Atoi(os.Getenv("DRIVER_REPEAT"))
	if err != nil {
		repeat = 1
	}
	var out map[string]any
	for i := 0; i < repeat; i++ {
		ctx := context.Background()
		if ms, err := strconv.Atoi(os.Getenv("DRIVER_CONTEXT_MS")); err == nil {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, time.Duration(ms)*time.Millisecond)
			defer cancel()
		}
		newRequest := func() (*http.Request, error) {
			calls = append(calls, since())
			var body io.Reader
			if len(args) > 3 {
				body = strings.NewReader(args[3])
			}
			req, err := http.NewRequestWithContext(ctx, args[2], args[1], body)
			if err == nil && os.Getenv("DRIVER_BAD_HEADER") != "" {
				req.Header.Set("X-Bad", "a\nb")
			}
			if key := os.Getenv("DRIVER_KEY"); err == nil && key != "" {
				req.Header.Set("Idempotency-Key", key)
			}
			return req, err
		}
		resp, err := do(client, newRequest)
		out = map[string]any{}
		switch {
		case err == nil && resp != nil:
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			out["kind"] = "response"
			out["status"] = resp.StatusCode
			out["body"] = string(body)
		case err != nil && resp == nil:
			// The snippet hands back client.Do's *url.Error for a network failure,
			// and a *RetryError of its own when it gives up on a status.
			var netErr *url.Error
			if errors.As(err, &netErr) {
				out["kind"] = "neterror"
			} else {
				out["kind"] = "error"
			}
			out["message"] = err.Error()
			out["typed"] = typedError(err)
		default:
			out["kind"] = "invalid"
			out["message"] = fmt.Sprintf("response %v with error %v", resp != nil, err)
		}
	}
	out["calls"] = calls
	out["retries"] = retries
	out["ended"] = since()
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		os.Exit(1)
	}
}
