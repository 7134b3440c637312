use leaderboard::{Player, leaderboard};

fn p(name: &str, score: u32) -> Player {
    Player {
        name: name.to_string(),
        score,
    }
}

#[test]
fn highest_first() {
    let out = leaderboard(vec![p("a", 3), p("b", 7), p("c", 5)]);
    assert_eq!(out, vec!["b", "c", "a"]);
}

#[test]
fn one_player() {
    assert_eq!(leaderboard(vec![p("solo", 1)]), vec!["solo"]);
}
