#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the extension of a file name: the text after its last '.', provided
that this dot is neither the first character of the name (hidden files such
as ".bashrc" have no extension) nor the last one. Only the part of path after
its last '/' is the file name.
file_extension("report.final.pdf") == Some("pdf")
file_extension("/home/user/.bashrc") == None
file_extension("archive.") == None
*/
fn file_extension(path: &str) -> Option<&str> {
    let name = match path.rfind('/') {
        Some(i) => &path[i + 1..],
        None => path,
    };
    let dot = name.rfind('.')?;
    if dot + 1 == name.len() {
        return None;
    }
    Some(&name[dot + 1..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_file_extension() {
        assert_eq!(file_extension("report.final.pdf"), Some("pdf"));
        assert_eq!(file_extension("/home/user/.bashrc"), None);
        assert_eq!(file_extension("archive."), None);
        assert_eq!(file_extension("notes"), None);
        assert_eq!(file_extension("dir.d/file"), None);
        assert_eq!(file_extension(".config.json"), Some("json"));
        assert_eq!(file_extension("a.b/c.tar.gz"), Some("gz"));
        assert_eq!(file_extension(".hidden"), None);
    }

}
