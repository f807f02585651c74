//! The library's layering, checked on its source text.
//!
//! Dependencies flow one way, from the bottom layer to the top:
//!
//! ```text
//! error -> budget -> scalar -> poly -> geom -> motion -> solver -> contact -> referee
//!       -> scenario -> queries, generate, separation, build -> campaign -> claims
//!       -> strategies, fuzz, parry
//! ```
//!
//! (the command line is another crate, on top of all of them). Three rules:
//!
//! 1. a module of a layer names (`crate::...`) no module of a higher layer;
//! 2. the solvers (the modules under `solver/`: `sat`, `sgm`, `glide`,
//!    `distance`, `minkowski`, `primitive`) name none of each other, so
//!    that an error in one cannot hide in another's answer (the folder's
//!    base holds only plain types every solver fills, and may be named);
//! 3. inside a folder, the files (and sub-folders) name each other without
//!    a cycle. `mod.rs` (or `lib.rs`) is the folder's base: its own items
//!    are not a node, but a name it re-exports from a child counts as that
//!    child's.
//!
//! Comments and `#[cfg(test)]` modules (in the file, or in their own file
//! as `#[cfg(test)] mod tests;`) are not read: unit tests may reach
//! anything. [`check_tree`] takes the sources as text, so the checker is
//! itself tested on made-up trees that break each rule.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, bottom first; modules of one layer do not name each other
/// (rule 3 on the crate's root folder catches it when they do both ways).
const LAYERS: &[&[&str]] = &[
    &["error"],
    &["budget"],
    &["scalar"],
    &["poly"],
    &["geom"],
    &["motion"],
    &["solver"],
    &["contact"],
    &["referee"],
    &["scenario"],
    &["queries", "generate", "separation", "build"],
    &["campaign"],
    &["claims"],
    &["strategies", "fuzz", "parry"],
];

/// Cycles inside a folder that are known and still to be removed, each as
/// `folder: a -> b -> ... -> a` in the order [`check_tree`] reports it.
/// The list may only shrink: a new cycle fails the test, and so does a
/// listed one that is gone (remove it from the list).
const KNOWN_CYCLES: &[&str] = &[];

/// One source file: its module path (`["solver", "sat", "mesh"]`; a
/// folder's `mod.rs` has the folder's path and `is_base`) and its text.
struct Source {
    path: Vec<String>,
    is_base: bool,
    text: String,
}

/// Every `.rs` file under `root` (the crate's `src/`).
fn read_tree(root: &Path) -> Vec<(String, String)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("readable source folder")
            .map(|e| e.expect("a folder entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, root, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let rel = p.strip_prefix(root).expect("under the root");
                let text = std::fs::read_to_string(&p).expect("readable source");
                out.push((rel.to_string_lossy().replace('\\', "/"), text));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out
}

/// The module path of a file at `rel` (`solver/sat/mesh.rs`).
fn source(rel: &str, text: &str) -> Source {
    let mut parts: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    let last = parts.pop().expect("a file name");
    let is_base = last == "mod" || last == "lib" || last == "main";
    if !is_base {
        parts.push(last);
    }
    Source {
        path: parts,
        is_base,
        text: code_of(text),
    }
}

/// The text without comments, string literals' contents and `#[cfg(test)]`
/// items (a test module runs to the end of its braces).
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                out.push('"');
                let mut escaped = false;
                for d in chars.by_ref() {
                    if escaped {
                        escaped = false;
                    } else if d == '\\' {
                        escaped = true;
                    } else if d == '"' {
                        break;
                    }
                }
                out.push('"');
            }
            _ => out.push(c),
        }
    }
    // drop each `#[cfg(test)]` item: up to the end of its braces, or its `;`
    while let Some(at) = out.find("#[cfg(test)]") {
        let rest = &out[at..];
        let mut depth = 0usize;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        out.replace_range(at..at + end, "");
    }
    out
}

/// The names of the modules `text` declares as `#[cfg(test)] mod name;`
/// (their text is in a file of their own).
fn test_modules(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("#[cfg(test)]") {
        from += i + "#[cfg(test)]".len();
        let rest = text[from..].trim_start();
        let Some(rest) = rest.strip_prefix("mod ") else {
            continue;
        };
        let rest = rest.trim_start();
        let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        if !name.is_empty() && rest[name.len()..].trim_start().starts_with(';') {
            out.push(name);
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths that start at `prefix` (`crate::`, `super::`, `self::`), each
/// with its prefix, groups `{a::b, c}` expanded: `crate::{a::X, b}` gives
/// `crate::a::X` and `crate::b`.
fn paths_from(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(i) = code[from..].find(prefix) {
        let at = from + i;
        from = at + prefix.len();
        if at > 0 && (is_ident(bytes[at - 1] as char) || bytes[at - 1] == b':') {
            continue;
        }
        let head: Vec<String> = prefix
            .trim_end_matches("::")
            .split("::")
            .map(str::to_owned)
            .collect();
        expand(&code[from..], head, &mut out);
    }
    out
}

/// Reads one path (or group) from the start of `rest`, appending it to
/// `head`.
fn expand(rest: &str, head: Vec<String>, out: &mut Vec<Vec<String>>) {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 1usize;
        let mut item = String::new();
        let mut items = Vec::new();
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                ',' if depth == 1 => {
                    items.push(std::mem::take(&mut item));
                    continue;
                }
                _ => {}
            }
            item.push(c);
        }
        items.push(item);
        for it in items {
            if !it.trim().is_empty() {
                expand(&it, head.clone(), out);
            }
        }
        return;
    }
    let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
    if name.is_empty() {
        out.push(head);
        return;
    }
    let mut head = head;
    head.push(name.clone());
    let after = rest[name.len()..].trim_start();
    match after.strip_prefix("::") {
        Some(more) => expand(more, head, out),
        None => out.push(head),
    }
}

/// Every module path a file names, made absolute (`super::` and `self::`
/// resolved against the file's own module path).
fn named_paths(s: &Source) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for p in paths_from(&s.text, "crate::") {
        out.push(p[1..].to_vec());
    }
    for p in paths_from(&s.text, "super::") {
        // each `super` leaves one module: a file's own module path is `path`
        let mut base = s.path.clone();
        let mut rest = &p[..];
        while rest.first().is_some_and(|x| x == "super") {
            base.pop();
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        out.push(base);
    }
    for p in paths_from(&s.text, "self::") {
        let mut base = s.path.clone();
        base.extend(p[1..].iter().cloned());
        out.push(base);
    }
    out
}

/// The names a folder's base re-exports from each child: `pub use
/// child::{A, B as C}` maps `A` and `C` to `child`.
fn reexports(base: &Source) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let text = &base.text;
    let mut from = 0;
    while let Some(i) = text[from..].find("use ") {
        let at = from + i;
        from = at + 4;
        let before = text[..at].trim_end();
        let public = before.ends_with("pub")
            || (before.ends_with(')') && {
                let open = before.rfind("pub(").unwrap_or(0);
                before[open..].starts_with("pub(") && !before[open..].contains('\n')
            });
        if !public || (at > 0 && is_ident(text.as_bytes()[at - 1] as char)) {
            continue;
        }
        let end = text[from..].find(';').map_or(text.len(), |e| from + e);
        let body = text[from..end].trim().trim_start_matches("self::");
        let mut leaves = Vec::new();
        expand(body, Vec::new(), &mut leaves);
        for leaf in leaves {
            if leaf.len() >= 2 {
                map.insert(leaf[leaf.len() - 1].clone(), leaf[0].clone());
            }
        }
        // `B as C`: the alias is the name other files use
        let child: String = body.chars().take_while(|&c| is_ident(c)).collect();
        for alias in body.split(" as ").skip(1) {
            let name: String = alias.trim().chars().take_while(|&c| is_ident(c)).collect();
            map.insert(name, child.clone());
        }
    }
    map
}

/// What [`check_tree`] found wrong, one line each.
fn check_tree(files: &[(String, String)], known_cycles: &[&str]) -> Vec<String> {
    let all: Vec<Source> = files.iter().map(|(r, t)| source(r, t)).collect();
    // the files of test modules declared `#[cfg(test)] mod name;`
    let test_files: Vec<Vec<String>> = all
        .iter()
        .zip(files)
        .flat_map(|(s, (_, text))| {
            test_modules(text).into_iter().map(|name| {
                let mut path = s.path.clone();
                path.push(name);
                path
            })
        })
        .collect();
    let sources: Vec<Source> = all
        .into_iter()
        .filter(|s| !test_files.iter().any(|t| s.path.starts_with(t)))
        .collect();
    let layer_of = |m: &str| LAYERS.iter().position(|l| l.contains(&m));
    // the solvers: the modules under `solver/` (the folder's base, its
    // `mod.rs`, holds no solver: only what every solver fills, such as a
    // plain result type)
    let solvers: BTreeSet<&String> = sources
        .iter()
        .filter(|s| s.path.len() >= 2 && s.path[0] == "solver")
        .map(|s| &s.path[1])
        .collect();
    let mut problems = Vec::new();
    // rules 1 and 2
    for s in &sources {
        let Some(top) = s.path.first() else { continue };
        let Some(own) = layer_of(top) else {
            problems.push(format!("{}: module {top} has no layer", s.path.join("::")));
            continue;
        };
        let mut seen = BTreeSet::new();
        for p in named_paths(s) {
            let Some(target) = p.first() else { continue };
            if let Some(other) = layer_of(target) {
                if other > own && seen.insert(target.clone()) {
                    problems.push(format!(
                        "{}: names crate::{target}, a higher layer",
                        s.path.join("::")
                    ));
                }
            }
            if s.path.len() >= 2 && s.path[0] == "solver" && p.len() >= 2 && p[0] == "solver" {
                let (mine, theirs) = (&s.path[1], &p[1]);
                if mine != theirs
                    && solvers.contains(theirs)
                    && seen.insert(format!("solver::{theirs}"))
                {
                    problems.push(format!(
                        "{}: names solver::{theirs}, another solver",
                        s.path.join("::")
                    ));
                }
            }
        }
    }
    // rule 3: per folder, edges between its children
    let folders: BTreeSet<Vec<String>> = sources
        .iter()
        .filter(|s| s.is_base)
        .map(|s| s.path.clone())
        .collect();
    let mut cycles = Vec::new();
    for folder in &folders {
        let base = sources
            .iter()
            .find(|s| s.is_base && &s.path == folder)
            .expect("the folder's base");
        let names = reexports(base);
        let depth = folder.len();
        let children: BTreeSet<String> = sources
            .iter()
            .filter(|s| s.path.len() > depth && s.path[..depth] == folder[..])
            .map(|s| s.path[depth].clone())
            .collect();
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for s in sources
            .iter()
            .filter(|s| s.path.len() > depth && s.path[..depth] == folder[..])
        {
            let from = &s.path[depth];
            for p in named_paths(s) {
                if p.len() <= depth || p[..depth] != folder[..] {
                    continue;
                }
                let name = &p[depth];
                let to = if children.contains(name) {
                    Some(name.clone())
                } else {
                    names.get(name).filter(|c| children.contains(*c)).cloned()
                };
                if let Some(to) = to.filter(|t| t != from) {
                    edges.entry(from.clone()).or_default().insert(to);
                }
            }
        }
        let label = if folder.is_empty() {
            "crate".to_owned()
        } else {
            folder.join("::")
        };
        for cycle in find_cycles(&edges) {
            cycles.push(format!("{label}: {}", cycle.join(" -> ")));
        }
    }
    for c in &cycles {
        if !known_cycles.contains(&c.as_str()) {
            problems.push(format!("import cycle in {c}"));
        }
    }
    for k in known_cycles {
        if !cycles.iter().any(|c| c == k) {
            problems.push(format!(
                "known cycle {k} is gone: remove it from KNOWN_CYCLES"
            ));
        }
    }
    problems
}

/// One cycle through each strongly connected component with more than one
/// node, starting at its smallest node and following the smallest next
/// node in the component: `[a, b, a]`.
fn find_cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&String> = edges
        .keys()
        .chain(edges.values().flat_map(|v| v.iter()))
        .collect();
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for m in edges.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut cycles = Vec::new();
    for n in &nodes {
        if done.contains(*n) || !reaches[n].contains(*n) {
            continue;
        }
        let component: BTreeSet<String> = reaches[n]
            .iter()
            .filter(|m| reaches[m].contains(*n))
            .cloned()
            .collect();
        done.extend(component.iter().cloned());
        // walk inside the component back to the start
        let mut cycle = vec![(*n).clone()];
        let mut at = (*n).clone();
        let mut visited = BTreeSet::new();
        loop {
            let next = edges[&at]
                .iter()
                .filter(|m| component.contains(*m))
                .find(|m| *m == *n || !visited.contains(*m))
                .cloned();
            let Some(next) = next else { break };
            cycle.push(next.clone());
            if next == **n {
                break;
            }
            visited.insert(next.clone());
            at = next;
        }
        cycles.push(cycle);
    }
    cycles
}

#[test]
fn the_library_keeps_its_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/exactccd/src");
    let problems = check_tree(&read_tree(&root), KNOWN_CYCLES);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A small tree that keeps every rule.
fn clean_tree() -> Vec<(String, String)> {
    [
        ("lib.rs", "pub mod poly; pub mod scalar; pub mod solver;"),
        ("scalar/mod.rs", "pub trait Scalar {}"),
        (
            "poly/mod.rs",
            "mod roots;\npub use roots::isolate;\nuse crate::scalar::Scalar;",
        ),
        (
            "poly/roots.rs",
            "use crate::scalar::Scalar;\npub fn isolate() {}",
        ),
        ("solver/mod.rs", "pub mod sat; pub mod sgm;"),
        ("solver/sat/mod.rs", "mod axes; mod solve;"),
        ("solver/sat/axes.rs", "use crate::poly::{isolate, Poly};"),
        (
            "solver/sat/solve.rs",
            "use super::axes::Axis; // use super::solve::x\n",
        ),
        (
            "solver/sgm/mod.rs",
            "use crate::poly::isolate;\n#[cfg(test)]\nmod tests { use crate::solver::sat::X; }",
        ),
        (
            "solver/sgm/fast/mod.rs",
            "mod part;\n#[cfg(test)]\nmod tests;",
        ),
        ("solver/sgm/fast/part.rs", "use crate::poly::isolate;"),
        (
            "solver/sgm/fast/tests.rs",
            "use crate::solver::sat::X;\nuse super::part::Y;",
        ),
    ]
    .iter()
    .map(|(p, t)| (p.to_string(), t.to_string()))
    .collect()
}

fn with_file(path: &str, text: &str) -> Vec<(String, String)> {
    let mut tree = clean_tree();
    tree.retain(|(p, _)| p != path);
    tree.push((path.to_owned(), text.to_owned()));
    tree
}

#[test]
fn the_checker_passes_a_clean_tree() {
    assert_eq!(check_tree(&clean_tree(), &[]), Vec::<String>::new());
}

#[test]
fn the_checker_finds_an_upward_import() {
    let tree = with_file(
        "poly/roots.rs",
        "use crate::{scalar::Scalar, solver::sat::solve};",
    );
    // the solvers already name `poly`, so the upward import also closes a
    // cycle among the crate's top modules
    assert_eq!(
        check_tree(&tree, &[]),
        vec![
            "poly::roots: names crate::solver, a higher layer".to_owned(),
            "import cycle in crate: poly -> solver -> poly".to_owned(),
        ]
    );
}

#[test]
fn the_checker_finds_one_solver_naming_another() {
    let tree = with_file("solver/sgm/mod.rs", "use crate::solver::sat::solve;");
    assert_eq!(
        check_tree(&tree, &[]),
        vec!["solver::sgm: names solver::sat, another solver".to_owned()]
    );
}

#[test]
fn a_solver_may_name_an_item_of_the_solvers_base_but_not_another_solver() {
    let tree = with_file(
        "solver/sgm/mod.rs",
        "use crate::solver::Outcome;\nuse crate::solver::sat::Outcome as Theirs;",
    );
    assert_eq!(
        check_tree(&tree, &[]),
        vec!["solver::sgm: names solver::sat, another solver".to_owned()]
    );
}

#[test]
fn the_checker_finds_a_cycle_in_a_folder_through_a_reexport() {
    let tree = with_file(
        "solver/sat/mod.rs",
        "mod axes; mod solve;\npub(crate) use solve::solve_sat;",
    );
    let tree: Vec<(String, String)> = tree
        .into_iter()
        .map(|(p, t)| {
            if p == "solver/sat/axes.rs" {
                (p, "use super::solve_sat;".to_owned())
            } else {
                (p, t)
            }
        })
        .collect();
    assert_eq!(
        check_tree(&tree, &[]),
        vec!["import cycle in solver::sat: axes -> solve -> axes".to_owned()]
    );
}

#[test]
fn the_checker_reads_no_comment_and_no_test_module() {
    let tree = with_file(
        "scalar/mod.rs",
        "// use crate::solver::sat;\n/// [`crate::poly`]\npub trait Scalar {}\n#[cfg(test)]\nmod tests {\n    use crate::solver::sat::solve;\n}\nconst S: &str = \"crate::solver\";",
    );
    assert_eq!(check_tree(&tree, &[]), Vec::<String>::new());
}

#[test]
fn the_checker_reads_no_test_module_in_its_own_file() {
    // declared `#[cfg(test)] mod tests;` (the clean tree): not read; the
    // same file declared as a plain module is read
    let tree = with_file("solver/sgm/fast/mod.rs", "mod part;\nmod tests;");
    assert_eq!(
        check_tree(&tree, &[]),
        vec!["solver::sgm::fast::tests: names solver::sat, another solver".to_owned()]
    );
}
