#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Replay editor commands on an empty text and return the final text.
"type:XYZ" appends XYZ, "undo" reverts the most recent typing that has not
been undone yet, and "redo" re-applies the most recently undone typing.
Typing something new clears the redo history. An undo or redo with nothing
to undo or redo does nothing.
apply_edits(&["type:ab", "type:cd", "undo"]) == "ab"
apply_edits(&["type:a", "undo", "redo"]) == "a"
apply_edits(&["type:a", "undo", "type:b", "redo"]) == "b"
*/
fn apply_edits(commands: &[&str]) -> String {
    let mut text = String::new();
    let mut undo_stack: Vec<String> = Vec::new();
    let mut redo_stack: Vec<String> = Vec::new();
    for command in commands {
        if let Some(typed) = command.strip_prefix("type:") {
            undo_stack.push(text.clone());
            text.push_str(typed);
            redo_stack.clear();
        } else if *command == "undo" {
            if let Some(previous) = undo_stack.pop() {
                redo_stack.push(replace(&mut text, previous));
            }
        } else if *command == "redo" {
            if let Some(next) = redo_stack.pop() {
                undo_stack.push(replace(&mut text, next));
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_apply_edits() {
        assert_eq!(apply_edits(&["type:ab", "type:cd", "undo"]), "ab");
        assert_eq!(apply_edits(&["type:a", "undo", "redo"]), "a");
        assert_eq!(apply_edits(&["type:a", "undo", "type:b", "redo"]), "b");
        assert_eq!(apply_edits(&["undo", "redo"]), "");
        assert_eq!(apply_edits(&["type:x", "type:y", "undo", "undo", "undo", "redo"]), "x");
        assert_eq!(apply_edits(&["type:a", "type:b", "undo", "type:c", "redo", "redo"]), "ac");
    }

}
