//! Syntax colouring of every generated snippet: the pieces join back into
//! the exact text, and the header comment is coloured as a comment.

use backoff_calculator::core::highlight::{pieces, Kind};
use backoff_calculator::core::policy::{CapOrder, Jitter, Policy, Proportional};
use backoff_calculator::core::snippets::{write, Lang, Options};

#[test]
fn every_snippet_splits_into_its_own_text() {
    for lang in Lang::ALL {
        for jitter in Jitter::ALL {
            for cap in [CapOrder::Before, CapOrder::After] {
                for honor in [true, false] {
                    let policy = Policy {
                        jitter,
                        proportional: Proportional {
                            lo: 0.5,
                            hi: 1.5,
                            cap,
                        },
                        ..Policy::default()
                    };
                    // Honor on: with the retry budget too (but in full
                    // jitter, which keeps the plain text), so the budget's
                    // code is scanned in the other modes.
                    let options = Options {
                        honor_retry_after: honor,
                        retry_after_max_ms: 600_000,
                        retry_budget: honor && jitter != Jitter::Full,
                        ..Options::default()
                    };
                    let code = write(lang, &policy, &options);
                    let parts = pieces(lang, &code);
                    let joined: String = parts.iter().map(|(_, s)| *s).collect();
                    assert_eq!(joined, code, "{lang:?} {jitter:?} {cap:?} {honor}");
                    // The first line of every snippet is the header comment
                    // (bash starts with its shebang, a comment too).
                    assert_eq!(parts[0].0, Kind::Comment, "{lang:?} starts with a comment");
                    assert!(
                        parts.iter().any(|(k, _)| *k == Kind::String),
                        "{lang:?} has strings"
                    );
                    // No string runs past the end of its line (a sign the
                    // scanner lost track), except the kinds that may span
                    // lines: backtick strings and bash single quotes.
                    for (kind, text) in &parts {
                        let may_span =
                            text.starts_with('`') || lang == Lang::Sh && text.starts_with('\'');
                        if *kind == Kind::String && !may_span {
                            assert!(!text.contains('\n'), "{lang:?}: string {text:?}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn html_escapes_and_reads_back_as_the_code() {
    for lang in Lang::ALL {
        let code = write(lang, &Policy::default(), &Options::default());
        let html = backoff_calculator::core::highlight::to_html(lang, &code);
        assert!(html.contains("<span class=\"tok-comment\">"), "{lang:?}");
        // Drop the tags, undo the escapes: the exact code comes back.
        let mut text = String::new();
        let mut in_tag = false;
        for c in html.chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => text.push(c),
                _ => {}
            }
        }
        let text = text
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        assert_eq!(text, code, "{lang:?}");
    }
}
