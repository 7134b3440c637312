#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Name of a MIDI note number in scientific pitch notation, where 60 is
"C4", 69 is "A4" and 0 is "C-1". Black keys are spelled with sharps, or
with flats when flats is true.
midi_note_name(61, false) == "C#4"
midi_note_name(61, true) == "Db4"
*/
fn midi_note_name(note: u8, flats: bool) -> String {
    const SHARPS: [&str; 12] = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"];
    const FLATS: [&str; 12] = ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"];
    let names = if flats { &FLATS } else { &SHARPS };
    let octave = note as i32 / 12 - 1;
    format!("{}{}", names[(note % 12) as usize], octave)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_midi_note_name() {
        assert_eq!(midi_note_name(61, false), "C#4");
        assert_eq!(midi_note_name(61, true), "Db4");
        assert_eq!(midi_note_name(60, true), "C4");
        assert_eq!(midi_note_name(69, false), "A4");
        assert_eq!(midi_note_name(0, false), "C-1");
        assert_eq!(midi_note_name(127, false), "G9");
        assert_eq!(midi_note_name(70, true), "Bb4");
        assert_eq!(midi_note_name(23, false), "B0");
    }

}
