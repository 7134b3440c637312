/// Simulates a garage door controller and returns its final state. The door
/// starts `"closed"`.
///
/// - `"button"`: closed -> opening, open -> closing, opening ->
///   stopped_opening, closing -> stopped_closing, stopped_opening ->
///   closing, stopped_closing -> opening;
/// - `"done"` (the motor reached its end position): opening -> open,
///   closing -> closed;
/// - `"obstacle"` (the safety sensor fired): closing -> opening.
///
/// Any other combination of state and event leaves the state unchanged.
pub fn garage_door(events: &[&str]) -> &'static str {
    let mut state = "closed";
    for &event in events {
        state = match (state, event) {
            ("closed", "button") => "opening",
            ("open", "button") => "closing",
            ("opening", "button") => "stopped_opening",
            ("closing", "button") => "stopped_closing",
            ("stopped_opening", "button") => "closing",
            ("stopped_closing", "button") => "opening",
            ("opening", "done") => "open",
            ("closing", "done") => "closed",
            ("closing", "obstacle") => "opening",
            _ => state,
        };
    }
    state
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_garage_door() {
        assert_eq!(garage_door(&[]), "closed");
        assert_eq!(garage_door(&["button", "done"]), "open");
        assert_eq!(garage_door(&["button", "done", "button", "done"]), "closed");
        assert_eq!(garage_door(&["button", "button", "button"]), "closing");
        assert_eq!(garage_door(&["button", "done", "button", "obstacle"]), "opening");
        assert_eq!(garage_door(&["button", "done", "button", "obstacle", "done"]), "open");
        assert_eq!(garage_door(&["obstacle", "done", "honk"]), "closed");
    }

}
