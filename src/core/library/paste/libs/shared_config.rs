//! resilience4j's `baseConfig`: a reference to a shared config, which
//! leaves nothing out when the paste defines that config itself.

use crate::core::library::paste::parse::Expr;
use crate::core::library::paste::read::{norm, Reader};

/// Marks as read each `baseConfig` naming a config the paste defines
/// under `retry` then `configs`: its values were read with the rest.
/// Properties write the whole path (`retry.configs.default.max-attempts`);
/// YAML reads as headers in order (keys with nothing after the colon), the
/// configs being those after `configs:` and before `instances:` (older:
/// `backends:`) or another module's section.
pub fn mark_read(r: &mut Reader) {
    let f = r.f;
    let defined = |name: &str| {
        let dotted = f.paths.iter().any(|p| {
            p.windows(3)
                .any(|w| w[0] == "retry" && w[1] == "configs" && w[2] == name)
        });
        let (mut in_retry, mut in_configs) = (false, false);
        let headers = f
            .facts
            .iter()
            .filter(|x| matches!(x.value, Some(Expr::Empty)));
        dotted
            || headers.into_iter().any(|x| {
                match norm(x.key).as_str() {
                    "retry" => (in_retry, in_configs) = (true, false),
                    "configs" => in_configs = in_retry,
                    "instances" | "backends" => in_configs = false,
                    "circuitbreaker" | "bulkhead" | "threadpoolbulkhead" | "ratelimiter"
                    | "timelimiter" => (in_retry, in_configs) = (false, false),
                    _ => {}
                }
                in_configs && x.key == name
            })
    };
    r.pick(&|x| {
        (norm(x.key) == "baseconfig")
            && (match x.value {
                Some(Expr::Path(p)) if p.len() == 1 => defined(&p[0]),
                Some(Expr::Str(s)) => defined(s),
                _ => false,
            })
    });
}
