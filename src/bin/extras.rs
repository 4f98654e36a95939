//! The lazily loaded second app: chart, presets, export, Retry-After
//! tester, explainer and guide. See `ui::extras`.

fn main() {
    backoff_calculator::mount_extras();
}
