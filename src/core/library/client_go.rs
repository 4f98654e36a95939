//! Kubernetes `wait.Backoff` with `wait.ExponentialBackoff`, read from
//! k8s.io/apimachinery v0.36.3, `pkg/util/wait/backoff.go` (`Backoff.Step`,
//! `ExponentialBackoff`) and `pkg/util/wait/wait.go` (`Jitter`). Not run
//! here: pinned to that code.
//!
//! `Steps` counts attempts: the loop runs the condition, stops when
//! `Steps == 1`, else sleeps `Step()`. `Step()` decrements `Steps`, computes
//! `next = ⌊Duration · Factor⌋` ns (`Factor` 0: unchanged) and, when
//! `Cap > 0` and `next > Cap`, sets `next = Cap` **and `Steps = 0`**; it
//! returns `Duration + ⌊U · Jitter · Duration⌋` and stores `next`. So
//! reaching `Cap` ends the loop: that sleep is taken and no attempt follows
//! it ([`Schedule::trailing`](super::Schedule::trailing)). The defaults are
//! client-go's `retry.DefaultBackoff` (10 ms, ×5, jitter 0.1, 4 steps).
//! No `Retry-After`, no time budget.

use super::Source;
use super::{
    num, Bounds, Counting, Info, Language, Model, Param, Rand, RetryAfterRule, Unit, Values,
    Writer, MAX_ROWS,
};

const PARAMS: &[Param] = &[
    Param::new("Duration", Unit::Millis, 10.0, 0.0, 86_400_000.0),
    Param::new("Factor", Unit::Number, 5.0, 0.0, 100.0),
    Param::new("Jitter", Unit::Number, 0.1, 0.0, 100.0),
    Param::new("Steps", Unit::Attempts, 4.0, 1.0, 1000.0),
    Param::new("Cap", Unit::Millis, 0.0, 0.0, 86_400_000.0),
];

/// Where the model was read (with the model, off the first screen).
static SOURCE: Source = Source {
    release: "k8s.io/apimachinery v0.36.3",
    url: "https://github.com/kubernetes/apimachinery/blob/v0.36.3/pkg/util/wait/backoff.go",
};

pub(super) static INFO: Info = Info {
    id: "client-go",
    name: "Kubernetes wait.Backoff",
    language: Language::Go,
    params: PARAMS,
    counting: Counting::attempts("Steps"),
    retry_after: RetryAfterRule::IGNORED,
};

/// The `wait.Backoff` model.
pub struct ClientGo;

/// The un-jittered sleeps before each retry, and the last sleep after
/// which the loop ends without an attempt (ns).
fn steps(v: &Values) -> (Vec<f64>, Option<f64>) {
    let (factor, cap) = (v.get("Factor"), (v.get("Cap") * 1e6).floor());
    let mut duration = (v.get("Duration") * 1e6).floor();
    let mut left = v.get("Steps") as u32;
    let mut sleeps = Vec::new();
    while left > 1 && sleeps.len() < MAX_ROWS as usize {
        left -= 1;
        let mut next = if factor != 0.0 {
            (duration * factor).floor()
        } else {
            duration
        };
        if cap > 0.0 && next > cap {
            next = cap;
            left = 0;
        }
        let d = duration;
        duration = next;
        if left == 0 {
            return (sleeps, Some(d));
        }
        sleeps.push(d);
    }
    (sleeps, None)
}

fn jittered(v: &Values, d_ns: f64) -> Bounds {
    let j = v.get("Jitter");
    if j > 0.0 {
        Bounds::uniform(d_ns / 1e6, (d_ns + (j * d_ns).floor()) / 1e6)
    } else {
        Bounds::fixed(d_ns / 1e6)
    }
}

impl Model for ClientGo {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn source(&self) -> &'static Source {
        &SOURCE
    }

    fn max_retries(&self, v: &Values) -> Option<u32> {
        Some(steps(v).0.len() as u32)
    }

    fn bounds(&self, v: &Values, n: u32) -> Bounds {
        let d = steps(v).0.get(n as usize - 1).copied().unwrap_or(0.0);
        jittered(v, d)
    }

    fn trailing(&self, v: &Values) -> Option<Bounds> {
        steps(v).1.map(|d| jittered(v, d))
    }

    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64> {
        let j = v.get("Jitter");
        let jitter = |d: f64, u: f64| if j > 0.0 { d + (u * j * d).floor() } else { d };
        steps(v)
            .0
            .into_iter()
            .map(|d| jitter(d, rng.unit()) / 1e6)
            .collect()
    }
}

impl Writer for ClientGo {
    fn config(&self, v: &Values) -> String {
        // As gofmt writes it: the fields' values and comments aligned.
        let fields = [
            ("Duration:", super::go_ms(v.get("Duration"))),
            ("Factor:", num(v.get("Factor"))),
            ("Jitter:", num(v.get("Jitter"))),
            ("Steps:", num(v.get("Steps"))),
            ("Cap:", super::go_ms(v.get("Cap"))),
        ];
        let body: String = fields
            .iter()
            .map(|(name, value)| {
                let line = format!("{name:<9} {value},");
                match *name {
                    "Cap:" => format!("\t{line} // reaching it ends the loop; 0: none\n"),
                    _ => format!("\t{line}\n"),
                }
            })
            .collect();
        format!(
            "backoff := wait.Backoff{{\n{body}}}\n\
             err := wait.ExponentialBackoff(backoff, condition)\n"
        )
    }

    fn translate(&self, policy: &super::Policy, deadline_ms: Option<u64>) -> super::Translation {
        use crate::core::policy::{CapOrder, Jitter};
        let mut d = super::Draft::new(self, policy, deadline_ms);
        d.set("Duration", d.first_ms());
        d.set("Factor", d.growth());
        d.count("Steps", None);
        // Jitter j adds uniform [0, j) of each sleep: ×[1, 1 + j].
        let hi = policy.proportional.hi;
        let jitter = if d.is_jitter(Jitter::None) {
            0.0
        } else if d.is_proportional(1.0, hi, CapOrder::Before) {
            hi - 1.0
        } else {
            d.jitter_diff("it waits without jitter (Jitter only adds a share on top)");
            0.0
        };
        d.set("Jitter", jitter);
        // Reaching Cap ends the loop: keep it only if no step passes it.
        d.set("Cap", d.cap_ms().min(86_400_000.0));
        if self.trailing(&d.values).is_some() {
            d.set("Cap", 0.0);
            if d.differs(&|p| p.cap_ms = super::translate::NO_CAP) {
                let cap = d.cap_ms();
                d.diff(
                    "cap",
                    format!(
                        "reaching Cap ends the loop, so Cap is 0 and the sleeps grow past the page's {} ms",
                        super::translate::n(cap)
                    ),
                );
            }
        }
        d.no_budget("wait.Backoff");
        d.finish(self, "rounding", "client-go floors each step to whole ns")
    }
}
