//! A library's fields as a person types them: each text read alone, then
//! the values held together, over the values in use.
//!
//! Each field behaves as the page's own fields do: a refused text keeps
//! the value in use for that field only, so every field either shows the
//! value the page computes with (and the link carries) or says why it is
//! refused (issue 25: a valid entry beside a refused one was shown but
//! left out of the link).

use super::{Configured, LibError, LibId};

/// The fields as read: each field's message (`None`: accepted), in the
/// table's order, and the values to use now.
pub type FieldsRead = (Vec<Option<String>>, Configured);

/// Reads `texts` (the fields, in the table's order, then the `Release`
/// select's release, empty for the current one) into `lib`'s values
/// over `last`, the values in use (the defaults when `last` is another
/// library's or none): each field's message (`None`: accepted) and the
/// values to use now. A text refused alone keeps its field's value in
/// use; values refused together (the library's own rule) keep all of
/// them, and the message goes beside the field the library names and
/// beside every field whose entry was refused with it.
pub fn read_fields(lib: LibId, texts: &[String], last: Option<&Configured>) -> FieldsRead {
    let used = last
        .filter(|c| c.lib == lib)
        .cloned()
        .unwrap_or_else(|| Configured::defaults(lib));
    let mut next = used.clone();
    let table = used.values.table();
    let mut errors: Vec<Option<String>> = table
        .iter()
        .zip(texts)
        .map(|(p, t)| {
            next.values
                .set_typed(p.name, t)
                .err()
                .map(|e| e.to_string())
        })
        .collect();
    // The release comes from a select: only what it lists is read. Its
    // message, when it has one, follows the table's.
    let release = texts.get(table.len());
    errors.resize(table.len() + usize::from(release.is_some()), None);
    if let Some(id) = release.and_then(|t| super::release_of(lib.model(), t)) {
        next.values.set_release(id);
    }
    let Err(e) = next.check() else {
        return (errors, next);
    };
    let named = match &e {
        LibError::Conflict { name, .. } | LibError::OutOfRange { name, .. } => *name,
        _ => table[0].name,
    };
    let message = e.to_string();
    for (i, p) in table.iter().enumerate() {
        let refused = p.name == named || next.values.at(i) != used.values.at(i);
        if refused && errors[i].is_none() {
            errors[i] = Some(message.clone());
        }
    }
    if next.values.release() != used.values.release() {
        if let Some(slot) = errors.get_mut(table.len()) {
            *slot = Some(message);
        }
    }
    (errors, used)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urllib3() -> LibId {
        LibId::parse("urllib3").unwrap()
    }

    #[test]
    fn a_valid_entry_beside_a_refused_one_is_used() {
        // The short case of issue 25: `total` refused, `backoff_factor`
        // accepted; the factor is in use, `total` keeps its value.
        let lib = urllib3();
        let table = lib.info().params;
        let at = |name| table.iter().position(|p| p.name == name).unwrap();
        let mut shown: Vec<String> = (0..table.len())
            .map(|i| Configured::defaults(lib).values.text(table[i].name))
            .collect();
        shown[at("total")] = "0.5".into();
        shown[at("backoff_factor")] = "1.5".into();
        let (errors, used) = read_fields(lib, &shown, None);
        assert!(errors[at("total")].is_some());
        assert_eq!(errors.iter().filter(|e| e.is_some()).count(), 1);
        assert_eq!(used.values.text("backoff_factor"), "1.5");
        assert_eq!(used.values.text("total"), "10");
    }

    #[test]
    fn a_refused_entry_keeps_the_value_in_use_not_the_default() {
        let lib = urllib3();
        let mut last = Configured::defaults(lib);
        last.values.set("total", 3.0).unwrap();
        let table = lib.info().params;
        let mut shown: Vec<String> = table.iter().map(|p| last.values.text(p.name)).collect();
        let total = table.iter().position(|p| p.name == "total").unwrap();
        shown[total] = "abc".into();
        let (errors, used) = read_fields(lib, &shown, Some(&last));
        assert!(errors[total].is_some());
        assert_eq!(used, last);
        // Another library's values are not this one's.
        let other = Configured::defaults(LibId::parse("tenacity").unwrap());
        let (_, used) = read_fields(lib, &shown, Some(&other));
        assert_eq!(used.values.text("total"), "10");
    }

    #[test]
    fn values_refused_together_are_said_beside_each_changed_field() {
        // Every library whose rule refuses a pair: each field whose entry
        // was refused with it is marked, so no field shows a value not in
        // use without a message.
        for lib in LibId::all() {
            let table = lib.info().params;
            let last = Configured::defaults(lib);
            for (i, p) in table.iter().enumerate() {
                for text in ["0", "1", "1000", "100000", "none"] {
                    let mut shown: Vec<String> =
                        table.iter().map(|q| last.values.text(q.name)).collect();
                    shown[i] = text.into();
                    let (errors, used) = read_fields(lib, &shown, Some(&last));
                    for (j, q) in table.iter().enumerate() {
                        let mut read = used.values.clone();
                        let fine = read.set_typed(q.name, &shown[j]).is_ok() && read == used.values;
                        assert!(
                            fine || errors[j].is_some(),
                            "{} {}={text}: {} shows {:?} unmarked",
                            lib.id(),
                            p.name,
                            q.name,
                            shown[j]
                        );
                    }
                    assert!(used.check().is_ok());
                }
            }
        }
    }
}
