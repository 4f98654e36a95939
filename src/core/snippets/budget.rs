//! The retry budget every snippet can carry: one token bucket shared by
//! every call in the process (bash: every run of the script by the user,
//! through a file), so that retries cannot multiply the load on a server
//! that fails every request.
//!
//! The rule (docs/snippets.md, "Retry budget"): the bucket holds at most
//! [`TOKENS`] tokens and starts full; a retry takes one token, and is not
//! made when the bucket has no whole token (the call then gives up as when
//! its retries run out); every answer whose status is not retried puts back
//! `1 / SUCCESSES_PER_TOKEN` of a token, up to full. The bucket of Marc
//! Brooker's "Fixing retries with token buckets and circuit breakers"
//! (2022): 0.1 token per success. The code counts in credits, one per such
//! answer and [`SUCCESSES_PER_TOKEN`] per token, so every step is a whole
//! number (0.1 added ten times is not 1.0 in floating point).
//!
//! This file holds the two numbers, the header's paragraph, and each
//! language's state and functions; the writers call them where the loop
//! decides to retry and where it hands an answer back.

use super::{thousands, Plan};

/// The most tokens the bucket holds, and what it starts with.
pub const TOKENS: u32 = 10;

/// How many answers that are not retried add up to one token (0.1 token
/// per answer).
pub const SUCCESSES_PER_TOKEN: u32 = 10;

impl Plan {
    /// The header's paragraph on the budget; `scope` says who shares the
    /// bucket, in the language's terms ("Every call in this process").
    pub(super) fn budget_line(&self, scope: &str) -> String {
        let tokens = thousands(u64::from(TOKENS));
        let per = thousands(u64::from(SUCCESSES_PER_TOKEN));
        format!(
            "Retry budget: {scope} shares one token bucket of {tokens} tokens, full at \
             start. Each retry takes a token; each answer with a status that is not \
             retried puts back 1/{per} of a token (0.1: one token per {per} answers), up \
             to {tokens}. With no whole token left a call does not retry: it gives up as \
             when its retries run out. So while every request fails, retries stop after \
             {tokens} in all; once answers come back they resume at 1 retry per {per} \
             answers."
        )
    }
}

/// What a writer puts beside its constants and after its helpers.
pub(super) struct Text {
    /// The two numbers and the bucket's state.
    pub(super) state: String,
    /// `take_retry_token` and `refill_retry_budget`, in the language's
    /// spelling.
    pub(super) functions: String,
}

/// The comment above each language's state; `per` is the language's name
/// of [`SUCCESSES_PER_TOKEN`].
fn state_comment(per: &str, marker: &str) -> String {
    let text = format!(
        "Retry budget (see above). The bucket counts in credits, one per answer not \
         retried and {per} per token, so it stays in whole numbers."
    );
    super::comment(&super::wrap(&text, 76), marker)
}

/// JavaScript and TypeScript: module state, which every call in the
/// process (or worker) shares; one thread, so no lock.
pub(super) fn js(typed: bool) -> Text {
    let ty = |annotation: &'static str| if typed { annotation } else { "" };
    let mut state = state_comment("RETRY_BUDGET_SUCCESSES_PER_TOKEN", "// ");
    state.push_str(&format!(
        "const RETRY_BUDGET_TOKENS = {TOKENS};\n\
         const RETRY_BUDGET_SUCCESSES_PER_TOKEN = {SUCCESSES_PER_TOKEN};\n\
         const RETRY_BUDGET_FULL = RETRY_BUDGET_TOKENS * RETRY_BUDGET_SUCCESSES_PER_TOKEN;\n\
         // Module state: every call in this process (or worker) shares it.\n\
         let retryBudgetCredits = RETRY_BUDGET_FULL;\n"
    ));
    let functions = format!(
        "/** Takes a token for a retry; false, taking nothing, when none is left. */\n\
         function takeRetryToken(){} {{\n  \
         if (retryBudgetCredits < RETRY_BUDGET_SUCCESSES_PER_TOKEN) return false;\n  \
         retryBudgetCredits -= RETRY_BUDGET_SUCCESSES_PER_TOKEN;\n  \
         return true;\n\
         }}\n\n\
         /** An answer that is not retried puts back one credit, up to a full bucket. */\n\
         function refillRetryBudget(){} {{\n  \
         retryBudgetCredits = Math.min(RETRY_BUDGET_FULL, retryBudgetCredits + 1);\n\
         }}\n\n",
        ty(": boolean"),
        ty(": void"),
    );
    Text { state, functions }
}

/// Python: module state behind a `threading.Lock`, which every thread of
/// the process shares (each process of a pool has its own).
pub(super) fn py() -> Text {
    let mut state = state_comment("RETRY_BUDGET_SUCCESSES_PER_TOKEN", "# ");
    state.push_str(&format!(
        "RETRY_BUDGET_TOKENS = {TOKENS}\n\
         RETRY_BUDGET_SUCCESSES_PER_TOKEN = {SUCCESSES_PER_TOKEN}\n\
         _RETRY_BUDGET_FULL = RETRY_BUDGET_TOKENS * RETRY_BUDGET_SUCCESSES_PER_TOKEN\n\
         # Module state: every call in this process shares it, every thread under the lock.\n\
         _retry_budget_credits = _RETRY_BUDGET_FULL\n\
         _retry_budget_lock = threading.Lock()\n"
    ));
    let functions = "\n\n\
         def _take_retry_token() -> bool:\n    \
         \"\"\"Takes a token for a retry; False, taking nothing, when none is left.\"\"\"\n    \
         global _retry_budget_credits\n    \
         with _retry_budget_lock:\n        \
         if _retry_budget_credits < RETRY_BUDGET_SUCCESSES_PER_TOKEN:\n            \
         return False\n        \
         _retry_budget_credits -= RETRY_BUDGET_SUCCESSES_PER_TOKEN\n        \
         return True\n\n\n\
         def _refill_retry_budget() -> None:\n    \
         \"\"\"An answer that is not retried puts back one credit, up to a full bucket.\"\"\"\n    \
         global _retry_budget_credits\n    \
         with _retry_budget_lock:\n        \
         _retry_budget_credits = min(_RETRY_BUDGET_FULL, _retry_budget_credits + 1)\n"
        .to_string();
    Text { state, functions }
}

/// Go: package state behind a `sync.Mutex`, which every goroutine of the
/// program shares.
pub(super) fn go() -> Text {
    let mut state = String::from("\n");
    state.push_str(&state_comment("retryBudgetSuccessesPerToken", "// "));
    state.push_str(&format!(
        "const (\n\
         \tretryBudgetTokens            = {TOKENS}\n\
         \tretryBudgetSuccessesPerToken = {SUCCESSES_PER_TOKEN}\n\
         \tretryBudgetFull              = retryBudgetTokens * retryBudgetSuccessesPerToken\n\
         )\n\n\
         // retryBudget is package state: every call in this program shares it, every\n\
         // goroutine under its mutex.\n\
         var retryBudget = struct {{\n\
         \tsync.Mutex\n\
         \tcredits int\n\
         }}{{credits: retryBudgetFull}}\n"
    ));
    let functions =
        "// takeRetryToken takes a token for a retry; false, taking nothing, when none\n\
         // is left.\n\
         func takeRetryToken() bool {\n\
         \tretryBudget.Lock()\n\
         \tdefer retryBudget.Unlock()\n\
         \tif retryBudget.credits < retryBudgetSuccessesPerToken {\n\
         \t\treturn false\n\
         \t}\n\
         \tretryBudget.credits -= retryBudgetSuccessesPerToken\n\
         \treturn true\n\
         }\n\n\
         // refillRetryBudget: an answer that is not retried puts back one credit, up\n\
         // to a full bucket.\n\
         func refillRetryBudget() {\n\
         \tretryBudget.Lock()\n\
         \tdefer retryBudget.Unlock()\n\
         \tif retryBudget.credits < retryBudgetFull {\n\
         \t\tretryBudget.credits++\n\
         \t}\n\
         }\n\n"
            .to_string();
    Text { state, functions }
}

/// Rust: a static `AtomicU32`, which every task and thread of the program
/// shares; each change is one compare-and-swap.
pub(super) fn rs() -> Text {
    let mut state = String::from("\n");
    state.push_str(&state_comment("RETRY_BUDGET_SUCCESSES_PER_TOKEN", "// "));
    state.push_str(&format!(
        "const RETRY_BUDGET_TOKENS: u32 = {TOKENS};\n\
         const RETRY_BUDGET_SUCCESSES_PER_TOKEN: u32 = {SUCCESSES_PER_TOKEN};\n\
         const RETRY_BUDGET_FULL: u32 = RETRY_BUDGET_TOKENS * RETRY_BUDGET_SUCCESSES_PER_TOKEN;\n\
         /// The bucket every call in this program shares, on every thread.\n\
         static RETRY_BUDGET: AtomicU32 = AtomicU32::new(RETRY_BUDGET_FULL);\n"
    ));
    let functions = "/// Takes a token for a retry; `false`, taking nothing, when none is left.\n\
         fn take_retry_token() -> bool {\n    \
         RETRY_BUDGET\n        \
         .fetch_update(Ordering::AcqRel, Ordering::Acquire, |credits| {\n            \
         credits.checked_sub(RETRY_BUDGET_SUCCESSES_PER_TOKEN)\n        \
         })\n        \
         .is_ok()\n\
         }\n\n\
         /// An answer that is not retried puts back one credit, up to a full bucket.\n\
         fn refill_retry_budget() {\n    \
         let _ = RETRY_BUDGET.fetch_update(Ordering::AcqRel, Ordering::Acquire, |credits| {\n        \
         (credits < RETRY_BUDGET_FULL).then_some(credits + 1)\n    \
         });\n\
         }\n\n"
        .to_string();
    Text { state, functions }
}

/// bash: one run is one call, so the bucket lives in a file that every run
/// by the user shares, each change made whole under a lock directory.
pub(super) fn sh() -> Text {
    let mut state = super::comment(
        &super::wrap(
            "Retry budget (see above), kept in RETRY_BUDGET_FILE: every run of this \
             script by this user shares it (set it to share one bucket among fewer \
             or more). It counts in credits, one per answer not retried and \
             RETRY_BUDGET_SUCCESSES_PER_TOKEN per token, so it stays in whole numbers.",
            76,
        ),
        "# ",
    );
    state.push_str(&format!(
        "RETRY_BUDGET_TOKENS={TOKENS}\n\
         RETRY_BUDGET_SUCCESSES_PER_TOKEN={SUCCESSES_PER_TOKEN}\n\
         RETRY_BUDGET_FILE=${{RETRY_BUDGET_FILE:-${{XDG_RUNTIME_DIR:-${{TMPDIR:-/tmp}}}}/retry-budget-$UID}}\n\n"
    ));
    Text {
        state,
        functions: SH_FUNCTIONS.to_string(),
    }
}

/// bash's budget functions: the same for every policy.
const SH_FUNCTIONS: &str = r#"
# Adds $1 credits to the budget (a negative $1 takes), up to a full bucket;
# fails, changing nothing, when that would leave fewer than none. A new or
# unreadable file counts as full. A lock directory beside the file makes each
# change whole when runs overlap; one held for 2 s is taken for the leftover
# of a run that was killed, and removed.
budget_add() {
  local lock=$RETRY_BUDGET_FILE.lock credits= tries=0 failed=0
  local full=$((RETRY_BUDGET_TOKENS * RETRY_BUDGET_SUCCESSES_PER_TOKEN))
  until mkdir "$lock" 2>/dev/null; do
    if ((++tries > 200)); then rmdir "$lock" 2>/dev/null || true; tries=0; fi
    sleep 0.01
  done
  if [[ -f $RETRY_BUDGET_FILE ]]; then read -r credits <"$RETRY_BUDGET_FILE" || true; fi
  [[ $credits =~ ^[0-9]{1,9}$ ]] || credits=$full
  credits=$((10#$credits + $1))
  if ((credits > full)); then credits=$full; fi
  if ((credits < 0)); then
    failed=1
  else
    # Written beside the file, then renamed over it: never seen half written.
    printf '%d\n' "$credits" >"$RETRY_BUDGET_FILE.$$" &&
      mv -f "$RETRY_BUDGET_FILE.$$" "$RETRY_BUDGET_FILE" || true
  fi
  rmdir "$lock" 2>/dev/null || true
  return "$failed"
}

# Takes a token for a retry; fails, taking nothing, when none is left.
take_retry_token() {
  budget_add "-$RETRY_BUDGET_SUCCESSES_PER_TOKEN"
}

# An answer that is not retried puts back one credit, up to a full bucket.
refill_retry_budget() {
  budget_add 1
}
"#;
