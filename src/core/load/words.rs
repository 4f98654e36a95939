//! A run's verdict in words, as the page and the design doc say it.

use super::config::LoadConfig;
use super::series::Verdict;
use super::BudgetKind;
use crate::core::decimal_text::{fixed, shortest, Fixed, Num};

/// The time to recover as a table cell: `12 s`, or `stayed down`.
pub fn recovery_text(v: &Verdict) -> String {
    match v.recovered_s {
        Some(s) => format!("{} s", fixed(s, 0)),
        None => "stayed down".to_string(),
    }
}

/// An amplification as the page shows it: `1.07×`.
pub fn amplification_text(a: f64) -> String {
    format!("{}×", fixed(a, 2))
}

/// Whether and when the system came back, for `kind` in `config`.
pub fn verdict_sentence(config: &LoadConfig, kind: BudgetKind, v: &Verdict) -> String {
    let tr = config.trigger;
    // Lower case, as the sentences use it after "the" (`to_lowercase`
    // would bring the standard library's Unicode case tables).
    let what = format!(
        "{} from {} s to {} s",
        match tr.kind {
            super::TriggerKind::Outage => "outage",
            super::TriggerKind::Spike => "spike",
        },
        Fixed(tr.at_s, 0),
        Fixed(tr.end_s(), 0)
    );
    let with = if kind == BudgetKind::None {
        "Without a budget".to_string()
    } else {
        format!("With {}", kind.label())
    };
    let peak = format!(
        "Retries peaked at {} the first tries (second {}).",
        amplification_text(v.peak_amplification),
        v.peak_at_s
    );
    match v.recovered_s {
        Some(0.0) => format!(
            "{with}: The {what} was absorbed; the system was healthy again by the time it ended. {peak}"
        ),
        Some(s) => format!(
            "{with}: the system came back {} s after {what} ended (at {} s). {peak}",
            Fixed(s, 0),
            Fixed(tr.end_s() + s, 0)
        ),
        None => format!(
            "{with}: the system stayed down: the {what} ended, but retries kept the server overloaded until the end of the run ({} s), a metastable failure. {peak}",
            config.duration_s
        ),
    }
}

/// What the design doc says in place of the load figures when they have
/// not been run for the inputs it describes.
pub const LOAD_NOT_RUN: &str = "Not run: the load simulation has not been run for these inputs, so this document has no figures for it. Run it on the page (Retries under load), then export again to include them.";

/// Whose waits the clients' retries follow, in one line: a library's
/// name (`Some`) or the page's policy (`None`). Plain text, not markup.
pub fn retries_line(by: Option<&str>) -> String {
    match by {
        Some(name) => format!(
            "Clients retry as {name} does with the values under Model: each waits one of its seeded runs."
        ),
        None => "Clients retry as the page's policy above says: its backoff, jitter and max retries."
            .to_string(),
    }
}

/// The load study as Markdown: the setting, the verdicts of the chosen
/// budget and of no budget, and a table of every budget.
pub fn study_markdown(r: &super::StudyResult) -> String {
    let c = &r.config;
    let tr = &c.trigger;
    let trigger = match tr.kind {
        super::TriggerKind::Outage => {
            format!(
                "an outage from {} s to {} s",
                Fixed(tr.at_s, 0),
                Fixed(tr.end_s(), 0)
            )
        }
        super::TriggerKind::Spike => format!(
            "a spike of {} % more first tries from {} s to {} s",
            Fixed(tr.spike_percent, 0),
            Fixed(tr.at_s, 0),
            Fixed(tr.end_s(), 0)
        ),
    };
    let mut out = format!(
        "{} clients send {} calls per second ({} % of the server's capacity of {}), attempt timeout {} ms, {}, {}; {} simulated seconds, seed {}.\n\n",
        crate::core::format::thousands(c.clients as u64),
        crate::core::format::thousands(c.rate as u64),
        Fixed(100.0 * c.rate / c.capacity, 0),
        crate::core::format::thousands(c.capacity as u64),
        crate::core::format::thousands(c.timeout_ms as u64),
        r.follows
            .map_or_else(|| "this page's retry policy".to_string(), |by| format!("retries as {by} waits (its seeded runs)")),
        trigger,
        c.duration_s,
        c.seed
    );
    let chosen = c.budget.kind();
    out += &verdict_sentence(c, chosen, &r.chosen().verdict);
    out += "\n\n";
    if chosen != BudgetKind::None {
        out += &verdict_sentence(c, BudgetKind::None, &r.of(BudgetKind::None).verdict);
        out += "\n\n";
    }
    out += "| Budget | Numbers | Time to recover | Peak amplification | Amplification over the run | At 100 % failure |\n|---|---|---|---:|---:|---:|\n";
    for b in &r.budgets {
        out += &format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            b.budget.kind().label(),
            b.budget.describe(),
            recovery_text(&b.verdict),
            amplification_text(b.verdict.peak_amplification),
            amplification_text(b.verdict.amplification),
            amplification_text(b.failure_amplification)
        );
    }
    out + "\nTime to recover: from the trigger's end until every later second has at least 95 % of its attempts succeed. Sources: Bronson et al., \"Metastable Failures in Distributed Systems\" (HotOS 2021); Huang et al., \"Metastable Failures in the Wild\" (OSDI 2022); Marc Brooker, \"Fixing retries with token buckets and circuit breakers\" (2022).\n"
}

/// The budgets table's rows as markup: one row per budget, its figures as
/// text and as `data-` attributes (raw numbers) for scripts; the chosen
/// budget's row is marked `aria-current`.
pub fn budget_rows_html(r: &super::StudyResult) -> String {
    use crate::core::html::escape;
    let chosen = r.config.budget.kind();
    let mut out = String::new();
    for b in &r.budgets {
        let kind = b.budget.kind();
        let v = &b.verdict;
        let recovered = v.recovered_s.map_or_else(|| "none".to_string(), shortest);
        out += &format!(
            r#"<tr data-budget="{}" data-recovered="{}" data-peak="{}" data-amp="{}" data-failure-amp="{}"{}><th scope="row">{}<span class="load-numbers">{}</span></th><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>"#,
            kind.as_str(),
            recovered,
            Num(v.peak_amplification),
            Num(v.amplification),
            Num(b.failure_amplification),
            if kind == chosen {
                r#" aria-current="true""#
            } else {
                ""
            },
            escape(kind.label()),
            escape(&b.budget.describe()),
            escape(&recovery_text(v)),
            amplification_text(v.peak_amplification),
            amplification_text(v.amplification),
            amplification_text(b.failure_amplification),
        );
    }
    out
}

/// One run's seconds as table rows, figures as text and as `data-`
/// attributes.
pub fn second_rows_html(s: &super::Series) -> String {
    let mut out = String::new();
    for (i, x) in s.seconds.iter().enumerate() {
        out += &format!(
            r#"<tr data-second="{i}" data-first="{}" data-retries="{}" data-ok="{}" data-queue="{}" data-latency="{}"><th scope="row">{i}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} s</td></tr>"#,
            x.first,
            x.retries,
            x.ok,
            x.queue,
            Num(x.latency()),
            crate::core::format::thousands(x.first as u64),
            crate::core::format::thousands(x.retries as u64),
            crate::core::format::thousands(x.ok as u64),
            crate::core::format::thousands(x.queue),
            Fixed(x.latency(), 3),
        );
    }
    out
}
