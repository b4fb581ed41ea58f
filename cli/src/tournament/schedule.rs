//! Which games a tournament plays: the pairings (round robin or gauntlet for two-player
//! rules; every player in every game for more sides), each opening played once per seat
//! order (sides swapped, or seats rotated), repeated for every round.

use halma_engine::Error;

pub use crate::record::MAX_GAMES;

/// How players meet in a two-player tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Every player meets every other.
    RoundRobin,
    /// The first player meets each of the others.
    Gauntlet,
}

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    /// Its number, from 1.
    pub game: usize,
    /// The number of its group: the games of one opening between the same players with the
    /// seats swapped or rotated (a pair of games with two sides).
    pub pair: usize,
    /// The player (index into the player list) of each side, side A first.
    pub seats: Vec<usize>,
    /// The opening (index into the openings).
    pub opening: usize,
    /// The round, from 0.
    pub round: usize,
}

/// The schedule for `players` players in games of `sides` sides over `openings` openings
/// and `rounds` rounds. With more than two sides there must be exactly as many players;
/// more than [`MAX_GAMES`] games is an error.
pub fn schedule(
    players: usize,
    sides: usize,
    format: Format,
    openings: usize,
    rounds: usize,
) -> Result<Vec<Scheduled>, Error> {
    let groups: Vec<Vec<usize>> = if sides == 2 {
        if players < 2 {
            return Err(Error::Argument(
                "a tournament needs two players at least".into(),
            ));
        }
        match format {
            Format::RoundRobin => (0..players)
                .flat_map(|i| (i + 1..players).map(move |j| vec![i, j]))
                .collect(),
            Format::Gauntlet => (1..players).map(|j| vec![0, j]).collect(),
        }
    } else {
        if players != sides {
            return Err(Error::Argument(format!(
                "a {sides}-side game needs exactly {sides} players (given {players})"
            )));
        }
        vec![(0..sides).collect()]
    };
    let total = groups
        .iter()
        .map(Vec::len)
        .sum::<usize>()
        .checked_mul(openings)
        .and_then(|n| n.checked_mul(rounds))
        .filter(|&n| n <= MAX_GAMES)
        .ok_or_else(|| {
            Error::Argument(format!(
                "{rounds} rounds of {openings} openings for {players} players make more than \
                 {MAX_GAMES} games: lower --rounds"
            ))
        })?;
    let mut out = Vec::with_capacity(total);
    let mut pair = 0;
    for round in 0..rounds {
        for opening in 0..openings {
            for group in &groups {
                pair += 1;
                for shift in 0..group.len() {
                    let seats = (0..group.len()).map(|s| group[(s + shift) % group.len()]);
                    out.push(Scheduled {
                        game: out.len() + 1,
                        pair,
                        seats: seats.collect(),
                        opening,
                        round,
                    });
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_pairs_every_opening_with_sides_swapped() {
        let games = schedule(3, 2, Format::RoundRobin, 2, 1).unwrap();
        assert_eq!(games.len(), 3 * 2 * 2);
        assert_eq!(games[0].seats, [0, 1]);
        assert_eq!(games[1].seats, [1, 0]);
        assert_eq!((games[0].pair, games[1].pair, games[2].pair), (1, 1, 2));
        assert_eq!(games.last().unwrap().opening, 1);
        let gauntlet = schedule(4, 2, Format::Gauntlet, 1, 2).unwrap();
        assert_eq!(gauntlet.len(), 3 * 2 * 2);
        assert!(gauntlet.iter().all(|g| g.seats.contains(&0)));
    }

    #[test]
    fn more_sides_rotate_the_seats() {
        let games = schedule(4, 4, Format::RoundRobin, 1, 1).unwrap();
        assert_eq!(games.len(), 4);
        assert_eq!(games[1].seats, [1, 2, 3, 0]);
        assert!(schedule(3, 4, Format::RoundRobin, 1, 1).is_err());
        assert!(schedule(1, 2, Format::RoundRobin, 1, 1).is_err());
    }

    #[test]
    fn a_schedule_beyond_the_bound_is_refused_before_it_is_built() {
        assert_eq!(
            schedule(2, 2, Format::RoundRobin, 1, MAX_GAMES / 2)
                .unwrap()
                .len(),
            MAX_GAMES
        );
        for rounds in [MAX_GAMES / 2 + 1, u32::MAX as usize, usize::MAX] {
            let e = schedule(2, 2, Format::RoundRobin, 1, rounds).unwrap_err();
            assert!(e.to_string().contains("--rounds"), "{e}");
        }
        assert!(schedule(100, 2, Format::RoundRobin, 100, 2).is_err());
    }
}
