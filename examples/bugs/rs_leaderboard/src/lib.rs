#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    pub name: String,
    pub score: u32,
}

/// Players' names ordered by score, highest first; ties keep their order.
pub fn leaderboard(mut players: Vec<Player>) -> Vec<String> {
    players.sort_by(|a, b| a.score.cmp(&b.score));
    players.into_iter().map(|p| p.name).collect()
}
