// Runs the real Go retry libraries with their sleeps recorded.
//
// Usage: run_libs SETS_FILE > observed.json
//
// Built by ../setup.sh in GOPATH mode against the Debian packages of
// debs.txt. For each `cenkalti` and `retryablehttp` line of SETS_FILE it
// runs the library `runs` times with every attempt failing and prints
// {"versions": {...}, "observed": {"<id> <set>": [[ms, ...], ...]}}.
// Parameters are in the model's units (ms).
//
//   - cenkalti (github.com/cenkalti/backoff/v5): a real ExponentialBackOff's
//     NextBackOff, in the loop of v5's Retry (retry.go): after the first
//     call, stop when MaxTries > 0 and the tries made reach it, draw
//     NextBackOff, stop when MaxElapsedTime > 0 and elapsed + next passes
//     it, else sleep. Every call takes no time, so elapsed is the sum of the
//     sleeps: nothing waits. Sets named retry-… instead run the real
//     backoff.Retry, which really sleeps (keep them short), its sleeps
//     recorded by WithNotify.
//   - retryablehttp (github.com/hashicorp/go-retryablehttp): a real Client
//     against a server on 127.0.0.1 answering 503, its Backoff set to the
//     real DefaultBackoff with the result recorded and 0 returned, so the
//     client retries at once.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/hashicorp/go-retryablehttp"
)

func ms(text string) time.Duration {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		panic(err)
	}
	return time.Duration(f * float64(time.Millisecond))
}

func toMs(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

type cenkaltiSet struct {
	b              *backoff.ExponentialBackOff
	maxElapsedTime time.Duration
	maxTries       uint
}

func cenkaltiParams(params map[string]string) cenkaltiSet {
	s := cenkaltiSet{b: backoff.NewExponentialBackOff(), maxElapsedTime: backoff.DefaultMaxElapsedTime}
	for name, v := range params {
		switch name {
		case "InitialInterval":
			s.b.InitialInterval = ms(v)
		case "RandomizationFactor":
			s.b.RandomizationFactor, _ = strconv.ParseFloat(v, 64)
		case "Multiplier":
			s.b.Multiplier, _ = strconv.ParseFloat(v, 64)
		case "MaxInterval":
			s.b.MaxInterval = ms(v)
		case "MaxElapsedTime":
			s.maxElapsedTime = ms(v)
		case "MaxTries":
			n, _ := strconv.Atoi(v)
			s.maxTries = uint(n)
		default:
			panic("cenkalti: no parameter " + name)
		}
	}
	return s
}

// cenkaltiLoop is v5 Retry's loop around the real NextBackOff, without the
// clock: every call fails at once, so the elapsed time is the sleeps'.
func cenkaltiLoop(s cenkaltiSet) []float64 {
	sleeps := []float64{}
	var elapsed time.Duration
	s.b.Reset()
	for tries := uint(1); ; tries++ {
		if s.maxTries > 0 && tries >= s.maxTries {
			return sleeps
		}
		next := s.b.NextBackOff()
		if next == backoff.Stop {
			return sleeps
		}
		if s.maxElapsedTime > 0 && elapsed+next > s.maxElapsedTime {
			return sleeps
		}
		elapsed += next
		sleeps = append(sleeps, toMs(next))
	}
}

// cenkaltiRetry runs the real backoff.Retry, which really sleeps.
func cenkaltiRetry(s cenkaltiSet) []float64 {
	sleeps := []float64{}
	_, err := backoff.Retry(context.Background(),
		func() (int, error) { return 0, errors.New("fail") },
		backoff.WithBackOff(s.b),
		backoff.WithMaxElapsedTime(s.maxElapsedTime),
		backoff.WithMaxTries(s.maxTries),
		backoff.WithNotify(func(_ error, d time.Duration) { sleeps = append(sleeps, toMs(d)) }),
	)
	if err == nil {
		panic("cenkalti: the operation cannot succeed")
	}
	return sleeps
}

func retryablehttpRun(params map[string]string, url string) []float64 {
	sleeps := []float64{}
	c := retryablehttp.NewClient()
	c.Logger = nil
	for name, v := range params {
		switch name {
		case "RetryWaitMin":
			c.RetryWaitMin = ms(v)
		case "RetryWaitMax":
			c.RetryWaitMax = ms(v)
		case "RetryMax":
			c.RetryMax, _ = strconv.Atoi(v)
		default:
			panic("retryablehttp: no parameter " + name)
		}
	}
	c.Backoff = func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
		sleeps = append(sleeps, toMs(retryablehttp.DefaultBackoff(min, max, attemptNum, resp)))
		return 0
	}
	resp, err := c.Get(url)
	if err == nil {
		resp.Body.Close()
		panic("retryablehttp: expected the retries to run out")
	}
	return sleeps
}

func main() {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer server.Close()

	f, err := os.Open(os.Args[1])
	if err != nil {
		panic(err)
	}
	defer f.Close()
	observed := map[string][][]float64{}
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		words := strings.Fields(lines.Text())
		if len(words) < 3 || (words[0] != "cenkalti" && words[0] != "retryablehttp") {
			continue
		}
		runs, _ := strconv.Atoi(words[2])
		params := map[string]string{}
		for _, w := range words[3:] {
			k, v, _ := strings.Cut(w, "=")
			params[k] = v
		}
		out := make([][]float64, 0, runs)
		for i := 0; i < runs; i++ {
			switch {
			case words[0] == "retryablehttp":
				out = append(out, retryablehttpRun(params, server.URL))
			case strings.HasPrefix(words[1], "retry-"):
				out = append(out, cenkaltiRetry(cenkaltiParams(params)))
			default:
				out = append(out, cenkaltiLoop(cenkaltiParams(params)))
			}
		}
		observed[words[0]+" "+words[1]] = out
	}
	json.NewEncoder(os.Stdout).Encode(map[string]any{
		"versions": map[string]string{"go": runtime.Version()},
		"observed": observed,
	})
}
