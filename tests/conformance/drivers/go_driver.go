// Test code: runs one generated Go snippet against the conformance server
// and prints its outcome as one JSON line.
//
//	go-driver VARIANT URL METHOD [BODY]
//
// The harness copies every Go snippet into a package of a temporary module
// and writes variants.go, which maps each file stem (full-honor) to that
// package's DoWithBackoff, so one build serves them all. DRIVER_TIMEOUT_MS,
// when set, becomes the client's Timeout.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

type doFunc func(*http.Client, func() (*http.Request, error)) (*http.Response, error)

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
	calls := []float64{}
	newRequest := func() (*http.Request, error) {
		calls = append(calls, float64(time.Since(start))/float64(time.Millisecond))
		var body io.Reader
		if len(args) > 3 {
			body = strings.NewReader(args[3])
		}
		return http.NewRequest(args[2], args[1], body)
	}
	client := &http.Client{}
	if ms, err := strconv.Atoi(os.Getenv("DRIVER_TIMEOUT_MS")); err == nil {
		client.Timeout = time.Duration(ms) * time.Millisecond
	}
	resp, err := do(client, newRequest)
	out := map[string]any{"calls": calls}
	switch {
	case err == nil && resp != nil:
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		out["kind"] = "response"
		out["status"] = resp.StatusCode
		out["body"] = string(body)
	case err != nil && resp == nil:
		// The snippet hands back client.Do's *url.Error for a network failure,
		// and an error of its own when retries run out on a status.
		var netErr *url.Error
		if errors.As(err, &netErr) {
			out["kind"] = "neterror"
		} else {
			out["kind"] = "error"
		}
		out["message"] = err.Error()
	default:
		out["kind"] = "invalid"
		out["message"] = fmt.Sprintf("response %v with error %v", resp != nil, err)
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		os.Exit(1)
	}
}
