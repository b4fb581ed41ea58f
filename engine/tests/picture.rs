//! Every game's picture (`GameRules::picture`): every cell drawn once where it belongs, the
//! pieces as the position has them, Halma's camps as its setup has them, every move's cells
//! in the drawing; from the start and along a few random games.

use halma_engine::game::GameRules;
use halma_engine::games::Variant;
use halma_engine::picture::{Axis, Lattice, Mark, Picture, Shape};
use halma_engine::{with_game, BitBoard, Error, Game};

/// The checks of one position's picture.
fn check<P: Game>(pos: &P) {
    let pic: Picture = pos.picture();
    let what = pos.to_text();
    assert_eq!(pic.sides, pos.sides(), "{what}");
    // Each played cell once, its piece the position's.
    let mut seen = vec![false; pos.cells()];
    let mut on_board = 0;
    for c in &pic.cells {
        assert!(c.centre.0.is_finite() && c.centre.1.is_finite(), "{what}");
        assert_eq!(c.centre, pic.lattice.centre(c.file, c.rank), "{what}");
        let Some(cell) = c.cell else {
            assert_eq!(c.shape, Shape::Light, "{what}: an unplayed square");
            assert!(c.piece.is_none());
            continue;
        };
        assert!(cell < pos.cells(), "{what}: cell {cell}");
        assert!(!seen[cell], "{what}: cell {cell} drawn twice");
        seen[cell] = true;
        assert_eq!(c.name, pos.cell_name(cell), "{what}");
        assert_eq!(pos.parse_cell(&c.name).ok(), Some(cell), "{what}");
        assert_eq!(
            c.piece.map(|p| p.side),
            pos.side_at(cell),
            "{what}: {}",
            c.name
        );
        if let Some(p) = c.piece {
            assert!(p.side < pos.sides());
            on_board += 1;
        }
        if let Mark::Camp(s) | Mark::Wall(s) = c.mark {
            assert!(s < pos.sides(), "{what}");
        }
        if pic.lattice == Lattice::Hex {
            assert_eq!(c.shape, Shape::Hole, "{what}");
        }
    }
    // No piece off the drawing.
    let all = (0..pos.cells())
        .filter(|&c| pos.side_at(c).is_some())
        .count();
    assert_eq!(pic.piece_count(), all, "{what}");
    assert_eq!(on_board, all, "{what}");
    // Every legal move's cells are drawn.
    for mv in pos.legal_moves() {
        for cell in [mv.origin(), mv.destination()].into_iter().flatten() {
            assert!(
                seen[cell],
                "{what}: move {} leaves the drawing",
                pos.move_text(mv)
            );
        }
    }
    // Labels: every file and rank of a played cell has one, each on its own line (the
    // lattice point of its file, or at its rank's height), all outside the cells.
    assert!(pic.labels.len() >= 4, "{what}");
    for c in pic.cells.iter().filter(|c| c.cell.is_some()) {
        for (axis, index) in [(Axis::File, c.file), (Axis::Rank, c.rank)] {
            assert!(
                pic.labels
                    .iter()
                    .any(|l| l.axis == axis && l.index == index),
                "{what}: no {axis:?} label for {}",
                c.name
            );
        }
    }
    for l in &pic.labels {
        let rank = match pic.lattice {
            Lattice::Square => l.centre.1,
            Lattice::Hex => l.centre.1 / (3f64.sqrt() / 2.0),
        };
        let file = match pic.lattice {
            Lattice::Square => l.centre.0,
            Lattice::Hex => l.centre.0 - rank / 2.0,
        };
        let on = match l.axis {
            Axis::File => (file - l.index as f64).abs() < 1e-9,
            Axis::Rank => (rank - l.index as f64).abs() < 1e-9,
        };
        assert!(on, "{what}: label {} ({:?}) off its line", l.text, l.axis);
    }
    for l in &pic.labels {
        for c in pic.cells.iter().filter(|c| c.cell.is_some()) {
            let d = (l.centre.0 - c.centre.0).hypot(l.centre.1 - c.centre.1);
            assert!(d > 0.5, "{what}: label {} on cell {}", l.text, c.name);
        }
    }
}

fn walk<P: Game>(setup: &P::Setup, seed: u64) {
    crate::game_texts::random_walk::<P>(setup, seed, 40, |pos, _, _| check(pos));
}

#[test]
fn every_game_draws_every_cell_and_piece() -> Result<(), Error> {
    for variant in Variant::samples() {
        for seed in 1..4 {
            with_game!(variant, P, setup => walk::<P>(&setup, seed));
        }
    }
    Ok(())
}

#[test]
fn halma_camps_are_the_setups_homes() -> Result<(), Error> {
    for name in ["halma8", "halma16-4", "diamond", "star-3", "star-6"] {
        let rules = halma_engine::Rules::parse(name)?;
        halma_engine::with_geometry!(rules.board, G => {
            let setup = std::sync::Arc::new(halma_engine::Setup::<G>::new(rules)?);
            let pos = <halma_engine::Position<G> as GameRules>::start(&setup);
            let pic = pos.picture();
            for c in &pic.cells {
                let cell = c.cell.unwrap();
                let home = (0..rules.players).find(|&s| setup.home(s).has(cell));
                assert_eq!(c.mark, home.map_or(Mark::None, Mark::Camp), "{name} {}", c.name);
            }
            let lattice = if rules.board.is_hex() { Lattice::Hex } else { Lattice::Square };
            assert_eq!(pic.lattice, lattice);
        });
    }
    Ok(())
}

/// The picture of the start of the game `name`.
fn start_picture(name: &str) -> Result<Picture, Error> {
    let v = Variant::parse(name)?;
    Ok(with_game!(v, P, setup => <P as GameRules>::start(&setup).picture()))
}

#[test]
fn relatives_draw_their_own_boards() -> Result<(), Error> {
    let pic = start_picture;
    let zug = pic("zug")?;
    assert_eq!(
        zug.cells.iter().filter(|c| c.shape == Shape::Dark).count(),
        145
    );
    assert_eq!(zug.cells.len(), 17 * 17);
    let caeser = pic("caeser")?;
    assert_eq!(caeser.cells.len(), 37);
    assert_eq!(caeser.lattice, Lattice::Hex);
    let hexma = pic("hexma")?;
    assert_eq!(hexma.cells.len(), 121);
    let lehrma = pic("lehrma-knights")?;
    let kinds: std::collections::BTreeSet<&str> = lehrma
        .cells
        .iter()
        .filter_map(|c| c.piece.map(|p| p.kind.name()))
        .collect();
    assert_eq!(kinds.len(), 4, "{kinds:?}");
    assert_eq!(
        lehrma
            .cells
            .iter()
            .filter(|c| c.shape == Shape::Dark)
            .count(),
        32
    );
    assert_eq!(
        lehrma.cells.iter().filter(|c| c.mark != Mark::None).count(),
        20
    );
    assert_eq!(pic("carrera")?.cells.len(), 70);
    assert_eq!(pic("topsecret")?.notes.len(), 2);
    Ok(())
}

#[test]
fn goal_edges_and_camps_are_marked_in_each_side_s_colour() -> Result<(), Error> {
    let pic = start_picture;
    let count = |p: &Picture, mark: Mark| p.cells.iter().filter(|c| c.mark == mark).count();
    // Hexma: the 17 cells of each of the two edges both sides join.
    assert_eq!(count(&pic("hexma")?, Mark::Edge), 34);
    // The games whose goal is the opponent's start cells (or home ranks): each side's camp.
    for (name, camp) in [
        ("renpaarden", 18),
        ("carrera", 8),
        ("caeser", 17),
        ("legrec", 8),
        ("embargo", 6),
    ] {
        let p = pic(name)?;
        for side in 0..2 {
            assert_eq!(count(&p, Mark::Camp(side)), camp, "{name} side {side}");
        }
    }
    Ok(())
}
