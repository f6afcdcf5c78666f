import Foundation

/// Morphs between poses of a path that differ in structure (contour counts, vertex counts).
///
/// A morph interpolates vertex by vertex, so every pose of a path must have the same contours with
/// the same vertex counts. `PathShape.corresponding(_:)` rewrites poses that do not into ones that
/// do, without changing any pose's geometry:
///
/// - Poses with the same structure form a class and are treated alike (the same cuts at the same
///   edge parameters), so a morph between two of them stays the vertex-by-vertex morph as written.
/// - Contours are paired by position and area (closed with closed, open with open) into slots. A
///   slot that a pose has no contour for is a point at the centre of that pose's contour nearest to
///   the slot's (for an open contour, the point halfway along it), so the missing contour grows from
///   it or shrinks to it. The searches are quadratic, so past `searchLimit` (64) contours they give
///   way to plain rules: contours pair in order, the point is at the pose's last contour.
/// - In each slot every contour is aligned with the slot's first contour (the template): for a
///   closed contour the start point (anywhere along it) and the direction, for an open one the
///   direction, that minimise the travel (the sum of squared distances between points at equal
///   fractions of arc length). A contour is only reversed when no other contour of its pose overlaps
///   it, since reversing one of nested contours would change which areas the nonzero rule fills.
/// - Every contour is then cut at the union of all the aligned contours' vertex positions, as
///   fractions of arc length: each pose keeps all of its own vertices (exactly) and gains the others',
///   so corners meet the points at the same fraction of the way round. That union grows with every
///   structure added (n structures of v vertices: up to n × v each), so when it would exceed
///   `unionFactor` times the slot's largest vertex count m, every contour instead keeps its own
///   vertices and its longest edges (by arc length) are split evenly until it has m; each then starts
///   at its first vertex at or after the aligned start. Two structures never exceed the factor.
///
/// Deterministic: the same poses always give the same output.
extension PathShape {
    /// The poses with one common structure; poses that already share one come back unchanged.
    public static func corresponding(_ poses: [PathShape]) -> [PathShape] {
        corresponding(poses) { _ in true }!
    }

    /// The same, when `admit` accepts the vertices the poses will have in all (counted before any
    /// pose is cut); nil when it refuses.
    public static func corresponding(_ poses: [PathShape], admit: (Int) -> Bool) -> [PathShape]? {
        var classes: [PathShape] = []
        var classOfPose: [Int] = []
        for pose in poses {
            if let index = classes.firstIndex(where: { $0.hasSameStructure(as: pose) }) {
                classOfPose.append(index)
            } else {
                classOfPose.append(classes.count)
                classes.append(pose)
            }
        }
        guard classes.count > 1 else {
            return admit(poses.reduce(0) { $0 + $1.contours.reduce(0) { $0 + $1.vertices.count } }) ? poses : nil
        }
        guard let plan = MorphPlan(classes, admit: { admit(poses.count * $0) }) else { return nil }
        return poses.indices.map { plan.apply(to: poses[$0], ofClass: classOfPose[$0]) }
    }

    /// Same contour count, same vertex count and closedness contour by contour.
    func hasSameStructure(as other: PathShape) -> Bool { isMorphCompatible(with: other) }
}

/// A contour measured for correspondence: edges with their arc lengths, and points at evenly
/// spaced fractions of its length.
struct MeasuredContour {
    static let sampleCount = 128

    let contour: Contour
    let edges: [CubicEdge]
    /// Arc length at the start of each edge, and the total at the end.
    let edgeStarts: [Double]
    var length: Double { edgeStarts[edgeStarts.count - 1] }
    /// The fraction of the length at which each vertex lies (an open contour's last is 1).
    let vertexFractions: [Double]
    /// Points at fractions k / sampleCount, k = 0…sampleCount (the last is the start again when closed).
    let samples: [Point]
    /// The mean of the samples for a closed contour; for an open one the point halfway along.
    let centre: Point
    /// The area enclosed by the samples (an open contour as if closed by a straight line), unsigned.
    let area: Double
    let boundsMin: Point, boundsMax: Point

    /// Without `sampled`, only what cutting needs (edges, lengths, vertex fractions): no samples,
    /// and the centre is the first vertex and the area 0.
    init(_ contour: Contour, sampled: Bool = true) {
        self.contour = contour
        let edges = contour.edges
        self.edges = edges
        var starts = [0.0]
        for edge in edges { starts.append(starts[starts.count - 1] + edge.length) }
        edgeStarts = starts
        let total = starts[starts.count - 1]
        if total > 0 {
            vertexFractions = (0..<contour.vertices.count).map { index in
                index < edges.count ? starts[index] / total : 1
            }
        } else {
            vertexFractions = []
        }
        var samples: [Point] = []
        for k in 0...MeasuredContour.sampleCount where sampled {
            let fraction = Double(k) / Double(MeasuredContour.sampleCount)
            samples.append(MeasuredContour.point(edges: edges, starts: starts, fallback: contour.vertices.first?.point ?? .zero, atFraction: fraction))
        }
        self.samples = samples
        let distinct = samples.dropLast()
        if !sampled {
            centre = contour.vertices.first?.point ?? .zero
        } else if contour.closed {
            centre = distinct.reduce(Point.zero) { $0 + $1 } * (1 / Double(max(distinct.count, 1)))
        } else {
            // Halfway along: on the stroke, so a stroke that shrinks to this point (a round cap's
            // dot) ends inside its partner's stroke instead of beside it.
            centre = samples[MeasuredContour.sampleCount / 2]
        }
        var doubled = 0.0
        for index in distinct.indices {
            let a = samples[index], b = samples[(index + 1) % distinct.count]
            doubled += a.x * b.y - b.x * a.y
        }
        area = abs(doubled) / 2
        var low = contour.vertices.first?.point ?? .zero, high = low
        for vertex in contour.vertices {
            for p in [vertex.point, vertex.point + vertex.inTangent, vertex.point + vertex.outTangent] {
                low = Point(min(low.x, p.x), min(low.y, p.y))
                high = Point(max(high.x, p.x), max(high.y, p.y))
            }
        }
        boundsMin = low
        boundsMax = high
    }

    private static func point(edges: [CubicEdge], starts: [Double], fallback: Point, atFraction fraction: Double) -> Point {
        guard let total = starts.last, total > 0 else { return fallback }
        let (edge, t) = locate(edges: edges, starts: starts, distance: fraction * total)
        return edges[edge].point(at: t)
    }

    /// The edge and its parameter at a distance along the contour.
    private static func locate(edges: [CubicEdge], starts: [Double], distance: Double) -> (Int, Double) {
        // The last edge whose start is at or before `distance` (binary search: contours may be long).
        var low = 0, high = edges.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= distance { low = middle } else { high = middle - 1 }
        }
        return (low, edges[low].parameter(atLength: distance - starts[low]))
    }

    /// The point at a fraction of the length, by linear interpolation between samples (for the
    /// travel measure, which only compares alignments).
    func approximatePoint(atFraction fraction: Double) -> Point {
        let scaled = min(max(fraction, 0), 1) * Double(MeasuredContour.sampleCount)
        let index = min(Int(scaled), MeasuredContour.sampleCount - 1)
        return .interpolate(samples[index], samples[index + 1], scaled - Double(index))
    }

    /// Where to cut for a fraction of the length: at a vertex when the fraction is within
    /// `tolerance` of one (so every vertex stays exact), else inside an edge.
    func cut(atFraction fraction: Double) -> MorphCut {
        if let vertex = nearestVertex(toFraction: fraction),
            circularGap(vertexFractions[vertex], fraction) < MorphPlan.tolerance
        {
            // The end of an open contour is its last vertex, not the start of an edge.
            return MorphCut(edge: vertex, parameter: 0)
        }
        let (edge, t) = MeasuredContour.locate(edges: edges, starts: edgeStarts, distance: fraction * length)
        return MorphCut(edge: edge, parameter: t)
    }

    /// The vertex whose fraction is nearest (going round for a closed contour); the fractions are sorted.
    private func nearestVertex(toFraction fraction: Double) -> Int? {
        guard !vertexFractions.isEmpty else { return nil }
        var low = 0, high = vertexFractions.count
        while low < high {
            let middle = (low + high) / 2
            if vertexFractions[middle] < fraction { low = middle + 1 } else { high = middle }
        }
        var candidates = [low - 1, low].filter { vertexFractions.indices.contains($0) }
        if contour.closed { candidates += [0, vertexFractions.count - 1] }
        return candidates.min {
            (circularGap(vertexFractions[$0], fraction), $0) < (circularGap(vertexFractions[$1], fraction), $1)
        }
    }

    private func circularGap(_ a: Double, _ b: Double) -> Double {
        let gap = abs(a - b)
        return contour.closed ? min(gap, 1 - gap) : gap
    }
}

/// A vertex of a resampled contour: the point at `parameter` along edge `edge` (0 is the vertex).
struct MorphCut: Equatable {
    var edge: Int
    var parameter: Double
}

/// How each class of poses is rewritten: per slot, which contour fills it (or which point), whether
/// it is reversed, and where it is cut.
struct MorphPlan {
    static let tolerance = 1e-7
    /// How many times its largest vertex count a slot's union of cuts may hold before its contours
    /// are split to the largest count instead: two structures' union is within it, so every morph
    /// between two structures keeps the union cut.
    static let unionFactor = 2
    /// Contours per pose up to which partners are searched for and reversal is weighed.
    static let searchLimit = 64
    /// Travel is compared at this many points.
    static let travelSamples = 64
    /// Evenly spaced starts tried on a closed contour before refining the best.
    static let coarseShifts = 64

    enum SlotSource {
        /// Contour `index` of the pose, reversed or not, cut at `cuts`.
        /// `edges` are the representative's (measured once; other poses of the class measure their own).
        case contour(index: Int, reversed: Bool, cuts: [MorphCut], edges: [CubicEdge])
        /// A point at the centre of the pose's contour `partner` (`centre` for the class's
        /// representative, or when the pose has no contour).
        case point(partner: Int?, centre: Point)
    }

    struct Slot {
        var closed: Bool
        var vertexCount = 0
        /// Per class.
        var sources: [SlotSource] = []
    }

    var slots: [Slot] = []

    /// Each class's first pose, whose measurements the plan was made from.
    let representatives: [PathShape]

    /// Nil when `admit` refuses the vertices each pose would have (asked before any cut is made).
    init?(_ classes: [PathShape], admit: (Int) -> Bool = { _ in true }) {
        representatives = classes
        // Past `searchLimit` contours in a pose, the quadratic searches give way to plain rules:
        // contours pair in order, keep their start and direction, and a missing one is a point at
        // the pose's last contour.
        let plain = classes.contains { $0.contours.count > MorphPlan.searchLimit }
        let measured = classes.map { $0.contours.map { MeasuredContour($0, sampled: !plain) } }
        // The class with the most contours sets the first slots, in its order.
        let reference = classes.indices.max { a, b in
            classes[a].contours.count < classes[b].contours.count || (classes[a].contours.count == classes[b].contours.count && a > b)
        } ?? 0
        var order = [reference]
        order += classes.indices.filter { $0 != reference }

        // Slots: each holds, per class, the index of its contour there (if any).
        var members: [[Int: Int]] = []
        var templates: [(klass: Int, contour: Int)] = []
        var slotClosed: [Bool] = []
        for klass in order {
            for closed in [true, false] {
                let items = measured[klass].indices.filter { measured[klass][$0].contour.closed == closed }
                let open = slotClosed.indices.filter { slotClosed[$0] == closed && members[$0][klass] == nil }
                let pairs = MorphPlan.assign(items.count, open.count, inOrder: plain) { item, slot in
                    let template = templates[open[slot]]
                    return MorphPlan.pairingCost(measured[klass][items[item]], measured[template.klass][template.contour])
                }
                var used = Set<Int>()
                for (item, slot) in pairs {
                    members[open[slot]][klass] = items[item]
                    used.insert(item)
                }
                for item in items.indices where !used.contains(item) {
                    members.append([klass: items[item]])
                    templates.append((klass, items[item]))
                    slotClosed.append(closed)
                }
            }
        }

        // Alignment and vertex counts, slot by slot, then (if admitted) the cuts.
        typealias Alignment = (reversed: Bool, shift: Double, measured: MeasuredContour)
        var prepared: [(alignments: [Int: Alignment], common: [Double], split: Bool, largest: Int, vertexCount: Int)] = []
        for slotIndex in members.indices {
            let template = measured[templates[slotIndex].klass][templates[slotIndex].contour]
            let closed = slotClosed[slotIndex]
            var alignments: [Int: (reversed: Bool, shift: Double, measured: MeasuredContour)] = [:]
            var fractions: [Double] = []
            for klass in classes.indices {
                guard let index = members[slotIndex][klass] else { continue }
                let own = measured[klass][index]
                let alignment = plain
                    ? (reversed: false, shift: 0.0, measured: own)
                    : MorphPlan.align(own, to: template, mayReverse: !measured[klass].indices.contains {
                        $0 != index && MorphPlan.overlap(own, measured[klass][$0])
                    })
                alignments[klass] = alignment
                for f in alignment.measured.vertexFractions {
                    fractions.append(closed ? MorphPlan.wrapped(f - alignment.shift) : f)
                }
            }
            let common = MorphPlan.distinct(fractions, closed: closed)
            let largest = alignments.values.map { $0.measured.contour.vertices.count }.max() ?? 0
            let split = common.count > MorphPlan.unionFactor * largest
            // Every contour of the slot has zero length: keep each one's vertices, padded to the most.
            let vertexCount = common.isEmpty
                ? members[slotIndex].map { classes[$0.key].contours[$0.value].vertices.count }.max() ?? 0
                : split ? largest : common.count
            prepared.append((alignments, common, split, largest, vertexCount))
        }
        guard admit(prepared.reduce(0) { $0 + $1.vertexCount }) else { return nil }
        var partnerCentres: [Int: Point] = [:]
        for slotIndex in members.indices {
            let template = measured[templates[slotIndex].klass][templates[slotIndex].contour]
            let (alignments, common, split, largest, vertexCount) = prepared[slotIndex]
            var slot = Slot(closed: slotClosed[slotIndex], vertexCount: vertexCount)
            for klass in classes.indices {
                if let alignment = alignments[klass], let index = members[slotIndex][klass] {
                    let cuts: [MorphCut]
                    if split && alignment.measured.length > 0 {
                        cuts = MorphPlan.splitCuts(alignment.measured, shift: alignment.shift, count: largest)
                    } else if alignment.measured.length > 0 {
                        cuts = common.map {
                            alignment.measured.cut(atFraction: slot.closed ? MorphPlan.wrapped($0 + alignment.shift) : $0)
                        }
                    } else {
                        cuts = []
                    }
                    slot.sources.append(
                        .contour(index: index, reversed: alignment.reversed, cuts: cuts, edges: alignment.measured.edges))
                } else {
                    // The partner: this pose's contour nearest the slot's template.
                    let partner = plain
                        ? measured[klass].indices.last
                        : measured[klass].indices.min {
                            MorphPlan.distanceSquared(measured[klass][$0].centre, template.centre)
                                < MorphPlan.distanceSquared(measured[klass][$1].centre, template.centre)
                        }
                    let centre: Point
                    if let partner, plain {
                        // Measured once per pose (the plain measurements have no samples).
                        if partnerCentres[klass] == nil {
                            partnerCentres[klass] = MeasuredContour(classes[klass].contours[partner]).centre
                        }
                        centre = partnerCentres[klass]!
                    } else {
                        centre = partner.map { measured[klass][$0].centre } ?? template.centre
                    }
                    slot.sources.append(.point(partner: partner, centre: centre))
                }
            }
            slots.append(slot)
        }
    }

    func apply(to pose: PathShape, ofClass klass: Int) -> PathShape {
        let isRepresentative = pose == representatives[klass]
        return PathShape(
            slots.map { slot in
                switch slot.sources[klass] {
                case let .contour(index, reversed, cuts, edges):
                    let contour = reversed ? pose.contours[index].reversed : pose.contours[index]
                    guard !cuts.isEmpty else {
                        // A contour of zero length is a point, whatever its vertex count.
                        let point = contour.vertices.first?.point ?? .zero
                        return Contour(Array(repeating: BezierVertex(point), count: slot.vertexCount), closed: slot.closed)
                    }
                    return contour.resampled(at: cuts, edges: isRepresentative ? edges : contour.edges)
                case let .point(partner, known):
                    // Another pose of the class has its own partner's centre.
                    let centre = partner.map { isRepresentative ? known : MeasuredContour(pose.contours[$0]).centre } ?? known
                    return Contour(Array(repeating: BezierVertex(centre), count: slot.vertexCount), closed: slot.closed)
                }
            })
    }

    /// The contour's own vertices plus cuts splitting its longest edges (by arc length, evenly; ties
    /// to the first edge) until there are `count`, in drawing order from the first vertex at or after
    /// `shift` (a closed contour's aligned start).
    static func splitCuts(_ contour: MeasuredContour, shift: Double, count: Int) -> [MorphCut] {
        let edgeLengths = contour.edges.indices.map { contour.edgeStarts[$0 + 1] - contour.edgeStarts[$0] }
        var pieces = Array(repeating: 1, count: edgeLengths.count)
        // The edges ordered by the length of their pieces, longest first (a binary max-heap).
        func longer(_ a: Int, _ b: Int) -> Bool {
            let la = edgeLengths[a] / Double(pieces[a]), lb = edgeLengths[b] / Double(pieces[b])
            return la > lb || (la == lb && a < b)
        }
        var heap = Array(edgeLengths.indices)
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1, right = left + 1
                var top = parent
                if left < heap.count && longer(heap[left], heap[top]) { top = left }
                if right < heap.count && longer(heap[right], heap[top]) { top = right }
                if top == parent { return }
                heap.swapAt(parent, top)
                parent = top
            }
        }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        for _ in 0..<max(count - contour.contour.vertices.count, 0) where !heap.isEmpty {
            pieces[heap[0]] += 1
            siftDown(0)
        }
        var cuts: [(fraction: Double, cut: MorphCut)] = []
        for edge in contour.edges.indices {
            cuts.append((contour.edgeStarts[edge] / contour.length, MorphCut(edge: edge, parameter: 0)))
            for piece in 1..<pieces[edge] {
                let along = edgeLengths[edge] * Double(piece) / Double(pieces[edge])
                cuts.append(((contour.edgeStarts[edge] + along) / contour.length,
                    MorphCut(edge: edge, parameter: contour.edges[edge].parameter(atLength: along))))
            }
        }
        guard contour.contour.closed else {
            return cuts.map(\.cut) + [MorphCut(edge: contour.contour.vertices.count - 1, parameter: 0)]
        }
        // Rotate to the first vertex at or after the aligned start (the cuts are in drawing order).
        let start = cuts.firstIndex { $0.fraction >= shift - tolerance } ?? 0
        return (cuts[start...] + cuts[..<start]).map(\.cut)
    }

    /// The sorted fractions without near-duplicates (and, closed, without one next to 1 ≡ 0).
    static func distinct(_ fractions: [Double], closed: Bool) -> [Double] {
        var result: [Double] = []
        for f in fractions.sorted() {
            if let last = result.last, f - last < tolerance { continue }
            result.append(f)
        }
        if closed, result.count > 1, let first = result.first, let last = result.last, first + 1 - last < tolerance {
            result.removeLast()
        }
        return result
    }

    static func wrapped(_ f: Double) -> Double {
        let r = f - f.rounded(.down)
        return r >= 1 ? 0 : r
    }

    static func distanceSquared(_ a: Point, _ b: Point) -> Double {
        (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
    }

    /// Position and size: the squared distance of the centres plus that of the square roots of the areas.
    static func pairingCost(_ a: MeasuredContour, _ b: MeasuredContour) -> Double {
        let size = a.area.squareRoot() - b.area.squareRoot()
        return distanceSquared(a.centre, b.centre) + size * size
    }

    static func overlap(_ a: MeasuredContour, _ b: MeasuredContour) -> Bool {
        a.boundsMin.x <= b.boundsMax.x && b.boundsMin.x <= a.boundsMax.x && a.boundsMin.y <= b.boundsMax.y
            && b.boundsMin.y <= a.boundsMax.y
    }

    /// The pairs (item, slot) of least total cost that pair as many items as possible: exhaustive
    /// for the usual few contours, greedy (cheapest pair first) past that; `inOrder`, item i with slot i.
    static func assign(_ itemCount: Int, _ slotCount: Int, inOrder: Bool, cost: (Int, Int) -> Double) -> [(Int, Int)] {
        let pairCount = min(itemCount, slotCount)
        guard pairCount > 0 else { return [] }
        if inOrder { return (0..<pairCount).map { ($0, $0) } }
        var costs = Array(repeating: Array(repeating: 0.0, count: slotCount), count: itemCount)
        for i in 0..<itemCount { for s in 0..<slotCount { costs[i][s] = cost(i, s) } }
        if max(itemCount, slotCount) <= 7 {
            var best: [(Int, Int)] = []
            var bestCost = Double.infinity
            var chosen: [(Int, Int)] = []
            var usedItems = Set<Int>(), usedSlots = Set<Int>()
            func search(_ total: Double) {
                if chosen.count == pairCount {
                    if total < bestCost - 1e-12 {
                        bestCost = total
                        best = chosen
                    }
                    return
                }
                guard total < bestCost else { return }
                // Pair the remaining items in order (items are the smaller side or the first ones).
                let item = (0..<itemCount).first { !usedItems.contains($0) }!
                let remainingItems = itemCount - usedItems.count
                let remainingPairs = pairCount - chosen.count
                for slot in 0..<slotCount where !usedSlots.contains(slot) {
                    chosen.append((item, slot))
                    usedItems.insert(item)
                    usedSlots.insert(slot)
                    search(total + costs[item][slot])
                    chosen.removeLast()
                    usedItems.remove(item)
                    usedSlots.remove(slot)
                }
                // With more items than slots, an item may stay unpaired (it gets a slot of its own).
                if remainingItems > remainingPairs {
                    usedItems.insert(item)
                    search(total)
                    usedItems.remove(item)
                }
            }
            search(0)
            return best
        }
        var pairs: [(Double, Int, Int)] = []
        for i in 0..<itemCount { for s in 0..<slotCount { pairs.append((costs[i][s], i, s)) } }
        pairs.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
        var usedItems = Set<Int>(), usedSlots = Set<Int>()
        var result: [(Int, Int)] = []
        for (_, i, s) in pairs where !usedItems.contains(i) && !usedSlots.contains(s) {
            usedItems.insert(i)
            usedSlots.insert(s)
            result.append((i, s))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The direction and start (a fraction of the contour's own length; 0 for open contours) that
    /// minimise the travel from `template`. Candidate starts put a vertex of one contour on a vertex
    /// of the other (unless both have many) or are evenly spaced; the best is then refined.
    static func align(
        _ contour: MeasuredContour, to template: MeasuredContour, mayReverse: Bool
    ) -> (reversed: Bool, shift: Double, measured: MeasuredContour) {
        guard contour.length > 0, template.length > 0 else { return (false, 0, contour) }
        let templatePoints = (0..<travelSamples).map {
            template.approximatePoint(atFraction: Double($0) / Double(travelSamples))
        }
        let openEnd = template.contour.closed ? 0 : 1
        func travel(_ candidate: MeasuredContour, _ shift: Double) -> Double {
            var sum = 0.0
            for k in 0..<travelSamples {
                let f = Double(k) / Double(travelSamples - openEnd)
                let g = template.contour.closed ? wrapped(f + shift) : f
                let t = template.contour.closed ? templatePoints[k] : template.approximatePoint(atFraction: f)
                sum += distanceSquared(t, candidate.approximatePoint(atFraction: g))
            }
            return sum
        }
        var best: (reversed: Bool, shift: Double, measured: MeasuredContour, travel: Double)?
        let directions = mayReverse ? [false, true] : [false]
        for reversed in directions {
            let candidate = reversed ? MeasuredContour(contour.contour.reversed) : contour
            var shifts: [Double] = [0]
            if contour.contour.closed {
                let own = candidate.vertexFractions, theirs = template.vertexFractions
                if own.count * theirs.count <= 1024 {
                    for a in own { for b in theirs { shifts.append(wrapped(a - b)) } }
                }
                shifts += (1..<coarseShifts).map { Double($0) / Double(coarseShifts) }
            }
            var bestHere: (shift: Double, travel: Double)?
            for shift in shifts {
                let cost = travel(candidate, shift)
                // A clearly shorter travel wins; near-ties keep the earlier (as-written) alignment.
                if bestHere == nil || cost < bestHere!.travel * (1 - 1e-9) - 1e-12 { bestHere = (shift, cost) }
            }
            guard var (shift, cost) = bestHere else { continue }
            if contour.contour.closed {
                // Refine between the coarse steps (the best start may lie inside an edge).
                var step = 1 / Double(coarseShifts)
                for _ in 0..<12 {
                    step /= 2
                    for next in [wrapped(shift - step), wrapped(shift + step)] {
                        let nextCost = travel(candidate, next)
                        if nextCost < cost * (1 - 1e-9) - 1e-12 { (shift, cost) = (next, nextCost) }
                    }
                }
            }
            if best == nil || cost < best!.travel * (1 - 1e-9) - 1e-12 {
                best = (reversed, shift, candidate, cost)
            }
        }
        return (best!.reversed, best!.shift, best!.measured)
    }
}

extension Contour {
    /// The same curve traversed the other way, from the same start vertex when closed.
    var reversed: Contour {
        let flipped = vertices.map { BezierVertex($0.point, in: $0.outTangent, out: $0.inTangent) }
        guard closed, let first = flipped.first else { return Contour(flipped.reversed(), closed: closed) }
        return Contour([first] + flipped.dropFirst().reversed(), closed: closed)
    }

    /// The contour cut at `cuts` (in drawing order, each within or at the start of an edge, and
    /// every vertex among them): the same curve with a vertex at every cut.
    func resampled(at cuts: [MorphCut], edges: [CubicEdge]) -> Contour {
        func point(_ cut: MorphCut) -> Point {
            cut.parameter == 0 || edges.isEmpty ? vertices[cut.edge % vertices.count].point : edges[cut.edge].point(at: cut.parameter)
        }
        var result = cuts.map { BezierVertex(point($0)) }
        let pieceCount = closed ? cuts.count : cuts.count - 1
        for k in 0..<max(pieceCount, 0) where !edges.isEmpty {
            let from = cuts[k], to = cuts[(k + 1) % cuts.count]
            // Two cuts at one vertex: a repeated corner, no curve between them.
            guard from.edge < edges.count, from != to else { continue }
            let edge = edges[from.edge]
            let end = to.edge == from.edge && to.parameter > from.parameter ? to.parameter : 1
            let piece: (p0: Point, p1: Point, p2: Point, p3: Point)
            if from.parameter == 0 && end == 1 {
                piece = (edge.p0, edge.p1, edge.p2, edge.p3)
            } else {
                piece = CubicEdge.split(edge.p0, edge.p1, edge.p2, edge.p3, from: from.parameter, to: end)
            }
            // A piece of a straight edge stays a corner-to-corner line (zero tangents).
            if !edge.isLine {
                result[k].outTangent = piece.p1 - piece.p0
                result[(k + 1) % cuts.count].inTangent = piece.p2 - piece.p3
            }
        }
        return Contour(result, closed: closed)
    }
}

extension CubicEdge {
    /// B(t).
    func point(at t: Double) -> Point {
        let s = 1 - t
        let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
        return Point(
            a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}
