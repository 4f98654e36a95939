//! The backoff rules the simulated clients follow: the study's five modes
//! and the page's policy, and the study's numbers.

/// The study's base delay, ms.
pub const STUDY_BASE_MS: f64 = 5.0;

/// The study's cap, ms.
pub const STUDY_CAP_MS: f64 = 2_000.0;

/// One line of the comparison: a backoff rule the clients follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The study's capped exponential, `min(cap, base × 2^n)`, no jitter.
    Exponential,
    /// The study's decorrelated jitter, state kept per client.
    Decorrelated,
    /// The study's equal jitter: half the exponential plus a uniform half.
    Equal,
    /// The study's full jitter: uniform from 0 to the exponential.
    Full,
    /// No backoff at all: retry as soon as the failure arrives.
    None,
    /// The page's own policy, with its retry limit.
    Policy,
    /// A chosen library as configured: each client waits what one seeded
    /// run of the library waits ([`super::ClientSleeps`]).
    Library,
}

impl Mode {
    /// Every mode, in the order the study lists them, the page's policy last.
    pub const ALL: [Mode; 6] = [
        Mode::Exponential,
        Mode::Decorrelated,
        Mode::Equal,
        Mode::Full,
        Mode::None,
        Mode::Policy,
    ];

    /// [`Mode::ALL`] and the chosen library's: a sweep with a library
    /// runs these.
    pub const WITH_LIBRARY: [Mode; 7] = [
        Mode::Exponential,
        Mode::Decorrelated,
        Mode::Equal,
        Mode::Full,
        Mode::None,
        Mode::Policy,
        Mode::Library,
    ];

    /// The spelling used in `data-mode`: `exponential`, `decorrelated`,
    /// `equal`, `full`, `none`, `policy` or `library`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Exponential => "exponential",
            Mode::Decorrelated => "decorrelated",
            Mode::Equal => "equal",
            Mode::Full => "full",
            Mode::None => "none",
            Mode::Policy => "policy",
            Mode::Library => "library",
        }
    }

    /// How the page names the mode in prose and legends.
    pub fn label(self) -> &'static str {
        match self {
            Mode::Exponential => "exponential without jitter",
            Mode::Decorrelated => "decorrelated jitter",
            Mode::Equal => "equal jitter",
            Mode::Full => "full jitter",
            Mode::None => "no backoff",
            Mode::Policy => "your policy",
            Mode::Library => "your library",
        }
    }

    /// Reads [`Mode::as_str`]'s spelling back.
    pub fn parse(s: &str) -> Option<Mode> {
        Mode::WITH_LIBRARY.into_iter().find(|m| m.as_str() == s)
    }

    /// True for the five modes of the study.
    pub fn is_study(self) -> bool {
        !matches!(self, Mode::Policy | Mode::Library)
    }

    /// A stable number for the mode, used to derive its random streams.
    pub(super) fn tag(self) -> u64 {
        match self {
            Mode::Exponential => 1,
            Mode::Decorrelated => 2,
            Mode::Equal => 3,
            Mode::Full => 4,
            Mode::None => 5,
            Mode::Policy => 6,
            Mode::Library => 7,
        }
    }
}
