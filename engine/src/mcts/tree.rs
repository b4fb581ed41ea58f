//! The search tree: nodes and edges in two arenas addressed by `u32` indices, with
//! transpositions merged through a map from position key to node.
//!
//! A node holds the statistics of one position (visits, the sum of every side's rewards, a
//! virtual loss while a thread is below it, what the solver knows); its children are a
//! contiguous run of edges (move, prior, distance bias, child node or [`NONE`] while the
//! child has not been reached). With transpositions on, two edges reaching the same position
//! share its node, so the tree is a graph (cycles included: a piece stepping back and forth).

use super::exact::Exact;
use super::value::Rewards;
use crate::game::Game;
use crate::game::MAX_SIDES;
use crate::moves::Move;
use crate::FastHashMap;

/// The "no node" index of an edge whose child has not been reached yet.
pub const NONE: u32 = u32::MAX;

/// Statistics and children of one position.
#[derive(Clone, Debug)]
pub struct Node {
    /// The position's key ([`node_key`]).
    pub key: u64,
    /// The side to move in the position.
    pub mover: u8,
    /// Completed visits.
    pub visits: u32,
    /// Threads now below this node (each counts as a visit with reward 0 for every side).
    pub virtual_loss: u32,
    /// Sum over visits of each side's reward.
    pub value: Rewards,
    /// First edge of the children (meaningful once expanded).
    pub first_edge: u32,
    /// Number of children edges.
    pub edge_count: u32,
    /// Whether the children edges exist.
    pub expanded: bool,
    /// What the solver knows about the game from here.
    pub exact: Exact,
}

impl Node {
    fn new(key: u64, mover: usize, exact: Exact) -> Node {
        Node {
            key,
            mover: mover as u8,
            visits: 0,
            virtual_loss: 0,
            value: [0.0; MAX_SIDES],
            first_edge: 0,
            edge_count: 0,
            expanded: false,
            exact,
        }
    }

    /// Visits including virtual losses.
    #[inline(always)]
    pub fn effective_visits(&self) -> u32 {
        self.visits + self.virtual_loss
    }

    /// Mean reward of `side` (`None` before the first visit).
    #[inline(always)]
    pub fn mean(&self, side: usize) -> Option<f32> {
        let n = self.effective_visits();
        (n > 0).then(|| self.value[side] / n as f32)
    }
}

/// A move from a node, with what selection needs to rank it.
#[derive(Clone, Copy, Debug)]
pub struct Edge {
    /// The move.
    pub mv: Move,
    /// Prior probability from the evaluation (the edges of a node sum to 1).
    pub prior: f32,
    /// Distance gained, scaled to 0..=1 within the node (progressive bias).
    pub gain: f32,
    /// The child node, or [`NONE`].
    pub child: u32,
}

/// The key under which a position's node is stored: the game's search key (Halma with a
/// deadline mixes in the move counts, which are then part of the position's value).
#[inline]
pub fn node_key<P: Game>(pos: &P) -> u64 {
    pos.search_key()
}

/// The arena of one search tree.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    table: FastHashMap<u64, u32>,
    transpositions: bool,
    budget: usize,
    root: u32,
}

impl Tree {
    /// A tree holding only the root `pos`, merging transpositions if asked, growing to at
    /// most `budget` bytes of nodes and edges.
    pub fn new<P: Game>(pos: &P, transpositions: bool, budget: usize) -> Tree {
        let mut tree = Tree {
            nodes: Vec::new(),
            edges: Vec::new(),
            table: FastHashMap::default(),
            transpositions,
            budget,
            root: 0,
        };
        tree.root = tree.insert(node_key(pos), pos.to_move(), Exact::Unknown);
        tree
    }

    /// The root node's index.
    #[inline(always)]
    pub fn root(&self) -> u32 {
        self.root
    }

    /// Number of nodes (never 0: the root is always there).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Bytes taken by nodes and edges (the transposition map not counted).
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.edges.len() * std::mem::size_of::<Edge>()
    }

    /// Whether no more nodes may be added.
    #[inline(always)]
    pub fn is_full(&self) -> bool {
        self.bytes() >= self.budget
    }

    /// Permille of the byte budget in use.
    pub fn permille_full(&self) -> u32 {
        (self.bytes() as u64 * 1000 / self.budget.max(1) as u64).min(1000) as u32
    }

    /// The node `i`.
    #[inline(always)]
    pub fn node(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    /// The node `i`, mutable.
    #[inline(always)]
    pub fn node_mut(&mut self, i: u32) -> &mut Node {
        &mut self.nodes[i as usize]
    }

    /// The edge `e` (an index into the edge arena).
    #[inline(always)]
    pub fn edge(&self, e: u32) -> &Edge {
        &self.edges[e as usize]
    }

    /// The children edges of node `i`, with their arena indices starting at the first.
    #[inline(always)]
    pub fn edges(&self, i: u32) -> &[Edge] {
        let n = &self.nodes[i as usize];
        &self.edges[n.first_edge as usize..(n.first_edge + n.edge_count) as usize]
    }

    fn insert(&mut self, key: u64, mover: usize, exact: Exact) -> u32 {
        let i = self.nodes.len() as u32;
        self.nodes.push(Node::new(key, mover, exact));
        if self.transpositions {
            self.table.insert(key, i);
        }
        i
    }

    /// The child of edge `e` for `pos` (the position after the edge's move): the linked node,
    /// else the node of a transposition, else a new node. `None` when the tree is full.
    pub fn child<P: Game>(&mut self, e: u32, pos: &P, exact: Exact) -> Option<u32> {
        let linked = self.edges[e as usize].child;
        if linked != NONE {
            return Some(linked);
        }
        let key = node_key(pos);
        let found = if self.transpositions {
            self.table.get(&key).copied()
        } else {
            None
        };
        let child = match found {
            Some(i) => i,
            None if self.is_full() => return None,
            None => self.insert(key, pos.to_move(), exact),
        };
        self.edges[e as usize].child = child;
        Some(child)
    }

    /// Gives node `i` the children `edges`, unless another thread already did.
    pub fn expand(&mut self, i: u32, edges: &[Edge]) {
        if self.nodes[i as usize].expanded {
            return;
        }
        let first = self.edges.len() as u32;
        self.edges.extend_from_slice(edges);
        let n = &mut self.nodes[i as usize];
        n.first_edge = first;
        n.edge_count = edges.len() as u32;
        n.expanded = true;
    }

    /// Makes the child of the root reached by `mv` the new root, keeping only what can be
    /// reached from it (a compacting copy). Returns false, leaving the tree alone, when that
    /// child has no node yet.
    pub fn reroot(&mut self, mv: Move) -> bool {
        let root = self.root;
        let Some(child) = self
            .edges(root)
            .iter()
            .find(|e| e.mv == mv)
            .map(|e| e.child)
            .filter(|&c| c != NONE)
        else {
            return false;
        };
        let mut map = vec![NONE; self.nodes.len()];
        let mut nodes = Vec::new();
        let mut order = vec![child];
        map[child as usize] = 0;
        // Breadth-first copy: nodes keep their relative order, edges are remapped after.
        let mut next = 0;
        while next < order.len() {
            let old = order[next];
            next += 1;
            nodes.push(self.nodes[old as usize].clone());
            for e in self.edges(old) {
                if e.child != NONE && map[e.child as usize] == NONE {
                    map[e.child as usize] = order.len() as u32;
                    order.push(e.child);
                }
            }
        }
        let mut edges = Vec::with_capacity(self.edges.len());
        for (node, &old) in nodes.iter_mut().zip(&order) {
            let first = edges.len() as u32;
            for e in self.edges(old) {
                let child = if e.child == NONE {
                    NONE
                } else {
                    map[e.child as usize]
                };
                edges.push(Edge { child, ..*e });
            }
            node.first_edge = first;
            node.virtual_loss = 0;
        }
        self.table.clear();
        if self.transpositions {
            for (i, n) in nodes.iter().enumerate() {
                self.table.insert(n.key, i as u32);
            }
        }
        self.nodes = nodes;
        self.edges = edges;
        self.root = 0;
        true
    }
}
