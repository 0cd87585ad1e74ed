"""Maximum matching in a general graph (Edmonds' blossom algorithm), for the last resort.

The Swiss pairing pairs score group by score group; when the players left at the bottom have all
met one another, this finds a way to pair them (reaching back into the groups above) without a
rematch whenever one exists. It is O(n^3), so it only ever sees the tail of the field.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence


def maximum_matching(
    count: int,
    allowed: Callable[[int, int], bool],
    start: Sequence[tuple[int, int]] = (),
) -> list[int]:
    """``match[v]`` (-1 when unmatched) for vertices 0..count-1, edges where ``allowed(v, w)``.

    ``start`` is a matching to grow from: its pairs stay unless an augmenting path moves them.
    """
    match = [-1] * count
    for v, w in start:
        match[v], match[w] = w, v
    neighbours = [
        [w for w in range(count) if w != v and allowed(v, w)] for v in range(count)
    ]
    for root in range(count):
        if match[root] == -1:
            end, parent = _augmenting_path(root, match, neighbours)
            while end != -1:
                previous = parent[end]
                following = match[previous]
                match[end], match[previous] = previous, end
                end = following
    return match


def _augmenting_path(
    root: int, match: list[int], neighbours: list[list[int]]
) -> tuple[int, list[int]]:
    count = len(match)
    used = [False] * count
    parent = [-1] * count
    base = list(range(count))
    used[root] = True
    queue = deque([root])

    def common_ancestor(a: int, b: int) -> int:
        seen = [False] * count
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for to in neighbours[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                current = common_ancestor(v, to)
                blossom = [False] * count
                mark(v, current, to, blossom)
                mark(to, current, v, blossom)
                for i in range(count):
                    if blossom[base[i]]:
                        base[i] = current
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    return to, parent
                used[match[to]] = True
                queue.append(match[to])
    return -1, parent
