//! Walking a parsed JSON document by hand, with a field path tracker, so that
//! every error names the field and the value (docs/FORMAT.md 4), and
//! reading the contract's numbers, polynomials, vectors and matrices
//! (docs/FORMAT.md 1) exactly.
//!
//! Resource guards live here too: every number's size is charged to a
//! budget ([`MAX_TOTAL_NUMBER_BITS`](super::MAX_TOTAL_NUMBER_BITS)) and
//! polynomial degrees are bounded
//! ([`MAX_POLYNOMIAL_DEGREE`](super::MAX_POLYNOMIAL_DEGREE)), so that a
//! hostile file fails with a message instead of exhausting memory or time.
#![deny(clippy::float_arithmetic)]

use super::error::ScenarioError;
use super::{MAX_NUMBER_DIGITS, MAX_POLYNOMIAL_DEGREE, MAX_TOTAL_NUMBER_BITS};
use crate::contact::ScalarKind;
use crate::geom::Vec3;
use crate::poly::Poly;
use crate::scalar::{parse_number, rational_from_f64, rational_to_f64, BigRational};
use serde::de::{DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

/// Longest key shown in a path, in characters.
const MAX_KEY_CHARS: usize = 40;

/// A field path such as `b.shape.box.half_extents[1]`; the empty path is
/// the document itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct FieldPath(String);

impl FieldPath {
    /// The document itself.
    pub(crate) fn root() -> Self {
        FieldPath(String::new())
    }

    /// The field `key` of this object. Keys that are not plain identifiers
    /// (they come from the input: anything can be in them) are shown quoted
    /// and shortened: `a["we ird"]`.
    pub(crate) fn key(&self, key: &str) -> Self {
        let plain = key
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && key.len() <= MAX_KEY_CHARS
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if plain {
            if self.0.is_empty() {
                FieldPath(key.to_owned())
            } else {
                FieldPath(format!("{}.{key}", self.0))
            }
        } else {
            let mut shown: String = key.chars().take(MAX_KEY_CHARS).collect();
            if shown.len() < key.len() {
                shown.push_str("...");
            }
            let quoted = serde_json::to_string(&shown).unwrap_or_default();
            FieldPath(format!("{}[{quoted}]", self.0))
        }
    }

    /// The element `i` of this array.
    pub(crate) fn index(&self, i: usize) -> Self {
        FieldPath(format!("{}[{i}]", self.0))
    }

    /// The path as printed; the document itself is `top level`.
    pub(crate) fn as_str(&self) -> &str {
        if self.0.is_empty() {
            "top level"
        } else {
            &self.0
        }
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The compact JSON text of a value, as written in the file (strings quoted,
/// numbers as their literal), cut after a few hundred bytes without
/// serialising the rest: values can be whole meshes.
pub(crate) fn render(value: &Value) -> String {
    struct Limited(Vec<u8>);
    impl std::io::Write for Limited {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.0.len() >= 200 {
                return Err(std::io::Error::other("long enough"));
            }
            self.0.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut out = Limited(Vec::new());
    let complete = serde_json::to_writer(&mut out, value).is_ok();
    let mut text = String::from_utf8_lossy(&out.0).into_owned();
    if !complete {
        text.push_str("...");
    }
    text
}

/// A JSON value with its path.
#[derive(Clone, Debug)]
pub(crate) struct Node<'a> {
    pub(crate) value: &'a Value,
    pub(crate) path: FieldPath,
}

/// An object whose keys were checked against the allowed field names.
#[derive(Clone, Debug)]
pub(crate) struct Obj<'a> {
    map: &'a Map<String, Value>,
    pub(crate) path: FieldPath,
}

impl<'a> Node<'a> {
    /// The document's root.
    pub(crate) fn root(value: &'a Value) -> Self {
        Node {
            value,
            path: FieldPath::root(),
        }
    }

    /// An error at this field, showing its value.
    pub(crate) fn err(&self, problem: impl Into<String>) -> ScenarioError {
        ScenarioError::field(self.path.as_str(), problem, Some(render(self.value)))
    }

    /// An object whose every key is one of `allowed` (typo catcher:
    /// docs/FORMAT.md 2, "unknown fields are an input error").
    pub(crate) fn object(&self, allowed: &[&str]) -> Result<Obj<'a>, ScenarioError> {
        let Value::Object(map) = self.value else {
            return Err(self.err(format!(
                "must be an object with the fields {}",
                allowed.join(", ")
            )));
        };
        if let Some((key, value)) = map.iter().find(|(k, _)| !allowed.contains(&k.as_str())) {
            let path = self.path.key(key);
            return Err(ScenarioError::field(
                path.as_str(),
                format!("unknown field (expected one of: {})", allowed.join(", ")),
                Some(render(value)),
            ));
        }
        Ok(Obj {
            map,
            path: self.path.clone(),
        })
    }

    /// A tagged union: either one of the bare strings `bare`
    /// (`"static"`) or an object with exactly one key among `kinds`, whose
    /// value is returned with the kind.
    pub(crate) fn variant(
        &self,
        kinds: &[&'static str],
        bare: &[&'static str],
    ) -> Result<(&'static str, Node<'a>), ScenarioError> {
        let mut all: Vec<String> = bare.iter().map(|s| format!("\"{s}\"")).collect();
        all.extend(kinds.iter().map(|s| s.to_string()));
        let expected = all.join(", ");
        match self.value {
            Value::String(s) => match bare.iter().find(|b| **b == s) {
                Some(b) => Ok((b, self.clone())),
                None => Err(self.err(format!("unknown kind (expected one of: {expected})"))),
            },
            Value::Object(map) => {
                let obj = self.object(kinds)?;
                if map.len() != 1 {
                    return Err(self.err(format!(
                        "must have exactly one kind, one of: {}",
                        kinds.join(", ")
                    )));
                }
                let (key, _) = map.iter().next().ok_or_else(|| self.err("is empty"))?;
                let kind = kinds
                    .iter()
                    .find(|k| **k == key)
                    .ok_or_else(|| self.err("unknown kind"))?;
                let node = obj.get(kind).ok_or_else(|| self.err("unknown kind"))?;
                Ok((kind, node))
            }
            _ => Err(self.err(format!("must be one of: {expected}"))),
        }
    }

    /// The elements of an array of any length.
    pub(crate) fn array(&self, what: &str) -> Result<Vec<Node<'a>>, ScenarioError> {
        let Value::Array(items) = self.value else {
            return Err(self.err(format!("must be an array of {what}")));
        };
        Ok(items
            .iter()
            .enumerate()
            .map(|(i, value)| Node {
                value,
                path: self.path.index(i),
            })
            .collect())
    }

    /// The elements of an array of exactly `n` elements.
    pub(crate) fn array_of(&self, n: usize, what: &str) -> Result<Vec<Node<'a>>, ScenarioError> {
        let items = self.array(&format!("{n} {what}"))?;
        if items.len() != n {
            return Err(self.err(format!(
                "must be an array of {n} {what}, has {} elements",
                items.len()
            )));
        }
        Ok(items)
    }

    /// A string.
    pub(crate) fn string(&self) -> Result<&'a str, ScenarioError> {
        match self.value {
            Value::String(s) => Ok(s),
            _ => Err(self.err("must be a string")),
        }
    }

    /// `true` or `false`.
    pub(crate) fn boolean(&self) -> Result<bool, ScenarioError> {
        match self.value {
            Value::Bool(b) => Ok(*b),
            _ => Err(self.err("must be true or false")),
        }
    }

    /// A non-negative integer index written as a JSON integer (`0`, `17`),
    /// below `bound`.
    pub(crate) fn index_below(&self, bound: usize, what: &str) -> Result<usize, ScenarioError> {
        let Value::Number(n) = self.value else {
            return Err(self.err(format!("must be a {what} index (a JSON integer from 0)")));
        };
        let text = n.as_str();
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.err(format!("must be a {what} index (a JSON integer from 0)")));
        }
        match text.parse::<usize>() {
            Ok(i) if i < bound => Ok(i),
            _ => Err(self.err(format!(
                "must be a {what} index below {bound} (indices start at 0)"
            ))),
        }
    }
}

impl<'a> Obj<'a> {
    /// The field `key`, if present.
    pub(crate) fn get(&self, key: &str) -> Option<Node<'a>> {
        self.map.get(key).map(|value| Node {
            value,
            path: self.path.key(key),
        })
    }

    /// The field `key`, which must be present.
    pub(crate) fn require(&self, key: &str, expected: &str) -> Result<Node<'a>, ScenarioError> {
        self.get(key).ok_or_else(|| {
            ScenarioError::field(
                self.path.key(key).as_str(),
                format!("is missing (required: {expected})"),
                None,
            )
        })
    }

    /// True when the object has the field `key`.
    pub(crate) fn has(&self, key: &str) -> bool {
        self.map.contains_key(key)
    }
}

/// Reads numbers exactly, charging their size to the budget, and rounds
/// them to `f64` in the `f64` path.
#[derive(Debug)]
pub(crate) struct Reader {
    scalar: ScalarKind,
    bits_left: u64,
}

impl Reader {
    /// A reader for the given scalar path with the full budget.
    pub(crate) fn new(scalar: ScalarKind) -> Self {
        Reader {
            scalar,
            bits_left: MAX_TOTAL_NUMBER_BITS,
        }
    }

    /// The scalar path numbers are read for.
    pub(crate) fn scalar(&self) -> ScalarKind {
        self.scalar
    }

    /// Charges `bits` to the budget of number sizes.
    pub(crate) fn charge(&mut self, node: &Node<'_>, bits: u64) -> Result<(), ScenarioError> {
        if bits > self.bits_left {
            return Err(node.err(format!(
                "the numbers of this scenario exceed {MAX_TOTAL_NUMBER_BITS} bits in total, \
                 too large for exact arithmetic"
            )));
        }
        self.bits_left -= bits;
        Ok(())
    }

    /// In the `f64` path, the nearest `f64` to `q` as an exact rational
    /// (docs/FORMAT.md 1: "the f64 path rounds the exact rational to the
    /// nearest f64 once, at load time"); `q` itself in the exact path.
    pub(crate) fn round(
        &self,
        node: &Node<'_>,
        q: BigRational,
    ) -> Result<BigRational, ScenarioError> {
        match self.scalar {
            ScalarKind::Exact => Ok(q),
            ScalarKind::F64 => {
                let f = rational_to_f64(&q);
                rational_from_f64(f).ok_or_else(|| {
                    node.err("is beyond the f64 range (the f64 path needs finite values)")
                })
            }
        }
    }

    /// A number of the contract: a string or a JSON number, read exactly.
    pub(crate) fn number(&mut self, node: &Node<'_>) -> Result<BigRational, ScenarioError> {
        let text = match node.value {
            Value::String(s) => s.as_str(),
            Value::Number(n) => n.as_str(),
            _ => {
                return Err(node.err(
                    "must be a number (a string like \"-28.35\", \"1e-3\" or \"-3/7\", or a JSON number)",
                ))
            }
        };
        if decimal_span(text) > MAX_NUMBER_DIGITS {
            return Err(node.err(format!(
                "spans more than {MAX_NUMBER_DIGITS} decimal digits (digits written plus exponent), \
                 too large for exact arithmetic"
            )));
        }
        let q = parse_number(text).map_err(|e| node.err(e.to_string()))?;
        self.charge(node, q.numer().bits() + q.denom().bits())?;
        self.round(node, q)
    }

    /// A polynomial in `t`: a number (a constant) or an array of numbers
    /// from degree 0 upward; trailing zeros are ignored.
    pub(crate) fn polynomial(
        &mut self,
        node: &Node<'_>,
    ) -> Result<Poly<BigRational>, ScenarioError> {
        let coeffs =
            match node.value {
                Value::Array(_) => {
                    let items = node.array("numbers")?;
                    items
                        .iter()
                        .map(|item| self.number(item))
                        .collect::<Result<Vec<_>, _>>()?
                }
                Value::String(_) | Value::Number(_) => vec![self.number(node)?],
                _ => return Err(node.err(
                    "must be a polynomial in t: a number, or an array of numbers from degree 0 up",
                )),
            };
        let p = Poly::from_coeffs(coeffs);
        if let Some(d) = p.degree() {
            if d > MAX_POLYNOMIAL_DEGREE {
                return Err(node.err(format!(
                    "has degree {d}, above the limit of {MAX_POLYNOMIAL_DEGREE}"
                )));
            }
        }
        Ok(p)
    }

    /// A vector: an array of 3 numbers.
    pub(crate) fn vector(&mut self, node: &Node<'_>) -> Result<Vec3<BigRational>, ScenarioError> {
        let [x, y, z] = self.numbers::<3>(node)?;
        Ok(Vec3 { x, y, z })
    }

    /// An array of exactly `N` numbers.
    pub(crate) fn numbers<const N: usize>(
        &mut self,
        node: &Node<'_>,
    ) -> Result<[BigRational; N], ScenarioError> {
        let items = node.array_of(N, "numbers")?;
        let values = items
            .iter()
            .map(|item| self.number(item))
            .collect::<Result<Vec<_>, _>>()?;
        values
            .try_into()
            .map_err(|_| node.err(format!("must be an array of {N} numbers")))
    }

    /// An array of exactly `N` polynomials.
    pub(crate) fn polynomials<const N: usize>(
        &mut self,
        node: &Node<'_>,
    ) -> Result<[Poly<BigRational>; N], ScenarioError> {
        let items = node.array_of(N, "polynomials")?;
        let values = items
            .iter()
            .map(|item| self.polynomial(item))
            .collect::<Result<Vec<_>, _>>()?;
        values
            .try_into()
            .map_err(|_| node.err(format!("must be an array of {N} polynomials")))
    }

    /// A 3x3 matrix: 3 rows of 3 numbers.
    pub(crate) fn matrix3(
        &mut self,
        node: &Node<'_>,
    ) -> Result<[[BigRational; 3]; 3], ScenarioError> {
        let rows = node.array_of(3, "rows of 3 numbers")?;
        let [r0, r1, r2] = [&rows[0], &rows[1], &rows[2]];
        Ok([self.numbers(r0)?, self.numbers(r1)?, self.numbers(r2)?])
    }
}

/// An upper bound on the decimal digits a number's text spans: digits
/// written plus the magnitude of the exponent, computed without big
/// integers. Malformed text gets some bound; the parser rejects it after.
pub(crate) fn decimal_span(text: &str) -> u64 {
    let digits = |s: &str| s.bytes().filter(u8::is_ascii_digit).count() as u64;
    if text.len() as u64 > 4 * MAX_NUMBER_DIGITS {
        return u64::MAX;
    }
    match text.find(['e', 'E']) {
        None => digits(text),
        Some(i) => {
            let exponent = text[i + 1..].trim_start_matches(['+', '-']);
            let exponent = exponent.trim_start_matches('0');
            let magnitude = if exponent.len() > 18 {
                u64::MAX
            } else {
                exponent.parse::<u64>().unwrap_or(0)
            };
            digits(&text[..i]).saturating_add(magnitude)
        }
    }
}

/// Rejects objects with a repeated key anywhere in the document: JSON
/// parsers keep the last one silently, which would hide a typo such as two
/// `interval` fields. Returns the path of the first repeated key and where
/// it is.
pub(crate) fn check_duplicate_keys(text: &str) -> Result<(), ScenarioError> {
    let found: RefCell<Option<String>> = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    let seed = DuplicateCheck {
        path: FieldPath::root(),
        found: &found,
    };
    match seed.deserialize(&mut de) {
        Ok(()) => Ok(()),
        Err(e) => match found.into_inner() {
            Some(path) => Err(ScenarioError::field(
                &path,
                format!(
                    "appears twice in the same object (line {}, column {})",
                    e.line(),
                    e.column()
                ),
                None,
            )),
            None => Err(ScenarioError::json(e.to_string())),
        },
    }
}

struct DuplicateCheck<'f> {
    path: FieldPath,
    found: &'f RefCell<Option<String>>,
}

impl<'de> DeserializeSeed<'de> for DuplicateCheck<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for DuplicateCheck<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_none<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        while seq
            .next_element_seed(DuplicateCheck {
                path: self.path.index(i),
                found: self.found,
            })?
            .is_some()
        {
            i += 1;
        }
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen: HashSet<String> = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = self.path.key(&key);
            if seen.contains(&key) {
                *self.found.borrow_mut() = Some(path.as_str().to_owned());
                return Err(A::Error::custom("duplicate key"));
            }
            map.next_value_seed(DuplicateCheck {
                path,
                found: self.found,
            })?;
            seen.insert(key);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_print_as_in_the_contract() {
        let p = FieldPath::root()
            .key("b")
            .key("shape")
            .key("box")
            .key("half_extents")
            .index(1);
        assert_eq!(p.as_str(), "b.shape.box.half_extents[1]");
        assert_eq!(FieldPath::root().as_str(), "top level");
        assert_eq!(
            FieldPath::root().key("a").key("we\nird").as_str(),
            "a[\"we\\nird\"]"
        );
    }

    #[test]
    fn duplicate_keys_are_found_with_their_path() {
        let e = check_duplicate_keys(r#"{"a": {"shape": 1, "shape": 2}}"#).unwrap_err();
        assert_eq!(e.field_path(), Some("a.shape"));
        assert!(check_duplicate_keys(r#"{"a": [{"x": 1}, {"x": 2}], "b": 0.1}"#).is_ok());
        let e = check_duplicate_keys(r#"{"a": [{"x": 1, "x": 2}]}"#).unwrap_err();
        assert_eq!(e.field_path(), Some("a[0].x"));
    }

    #[test]
    fn decimal_span_bounds_digits_and_exponents() {
        assert_eq!(decimal_span("-28.35"), 4);
        assert_eq!(decimal_span("1e4000"), 4001);
        assert_eq!(decimal_span("2.5E-0012"), 14);
        assert_eq!(decimal_span("-3/7"), 2);
        assert_eq!(decimal_span("1e99999999999999999999"), u64::MAX);
        assert_eq!(decimal_span(&"1".repeat(20_000)), u64::MAX);
    }

    #[test]
    fn render_keeps_literals_and_cuts_long_values() {
        let v: Value = serde_json::from_str(r#"["-1", 0.10, true]"#).unwrap();
        assert_eq!(render(&v), r#"["-1",0.10,true]"#);
        let long = Value::Array(vec![Value::from(12345); 1000]);
        let r = render(&long);
        assert!(r.ends_with("...") && r.len() < 300);
    }
}
