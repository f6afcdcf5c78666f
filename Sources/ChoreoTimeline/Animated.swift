/// One piece of a property's motion: from `from` at `start` to `to` at `end` (seconds on the
/// global timeline), along `easing`.
public struct Segment<Value: Interpolatable>: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var from: Value
    public var to: Value
    public var easing: Easing
    /// For a position: the curve the motion follows from `from` to `to` (`Spatial.swift`); nil for
    /// a straight line.
    public var spatial: SpatialTangents?

    @inlinable
    public init(start: Double, end: Double, from: Value, to: Value, easing: Easing, spatial: SpatialTangents? = nil) {
        self.start = start
        self.end = end
        self.from = from
        self.to = to
        self.easing = easing
        self.spatial = spatial
    }

    @inlinable
    public func value(at time: Double) -> Value {
        let duration = end - start
        if duration <= 0 { return time < start ? from : to }
        if let spatial { return Value.interpolate(from, to, easing.progress((time - start) / duration), along: spatial) }
        return Value.interpolate(from, to, easing.progress((time - start) / duration))
    }

    /// The part of this segment between the fractions `u0 < u1` of its duration, keeping its exact
    /// motion (on its curve, for a spatial one), as a segment from `start` to `end`.
    public func part(from u0: Double, to u1: Double, start newStart: Double, end newEnd: Double) -> Segment {
        let (pieceEasing, p0, p1) = easing.piece(from: u0, to: u1)
        if let spatial {
            let piece = Value.spatialPiece(from, to, spatial, p0, p1)
            // The piece's own progress runs 0…1 along its sub-curve: its easing maps there linearly
            // as long as the easing stays within its ends, which `clampedSpatialParts` ensures.
            return Segment(start: newStart, end: newEnd, from: piece.from, to: piece.to, easing: pieceEasing, spatial: piece.tangents)
        }
        return Segment(
            start: newStart, end: newEnd, from: Value.interpolate(from, to, p0), to: Value.interpolate(from, to, p1), easing: pieceEasing)
    }
}

/// A property as a piecewise function of time.
///
/// Before the first segment the value is `initial`; inside a segment it follows the segment;
/// between segments it holds the previous segment's `to`. A segment whose `from` differs from
/// the value just before it is a jump (the start of a new span on the global timeline).
/// Segments are sorted by `start` and never overlap: `init` and `append` enforce it (a
/// precondition, as a violation is a bug of the lowering, not of the scene), so `value(at:)`'s
/// binary search and every emitter can rely on it.
///
/// Its accessors, initialiser and `append` are `@inlinable`: lowering and the emitters (other
/// modules) call them for every property of every node, and unspecialized generic calls cost a
/// type-metadata lookup each (7% of lowering a large scene when `append` and `init` were not).
/// The segments are stored in `storedSegments`, which only this module writes, so the ordering
/// invariant holds as with a private setter.
public struct Animated<Value: Interpolatable>: Sendable, Equatable {
    public var initial: Value
    @usableFromInline
    internal var storedSegments: [Segment<Value>]
    @inlinable
    public var segments: [Segment<Value>] { storedSegments }
    /// The theme slot this property's value comes from (`Timeline.themes`), if the scene's themes
    /// change it. The value here is the default theme's.
    public var slot: String?

    @inlinable
    public init(_ initial: Value, segments: [Segment<Value>] = [], slot: String? = nil) {
        precondition(Self.areOrdered(segments), "Animated: segments must be sorted and must not overlap")
        self.initial = initial
        self.storedSegments = segments
        self.slot = slot
    }

    /// How far a segment may start before the previous one ends: rounding of times computed on
    /// whole frames, far below a frame at any `fps`.
    @inlinable
    public static var overlapTolerance: Double { 1e-9 }

    /// Whether `segments` keep the invariant: each ends no earlier than it starts, and none starts
    /// before the one before it ends.
    @inlinable
    public static func areOrdered(_ segments: [Segment<Value>]) -> Bool {
        var previousEnd = -Double.infinity
        for segment in segments {
            guard segment.end >= segment.start, segment.start >= previousEnd - overlapTolerance else { return false }
            previousEnd = segment.end
        }
        return true
    }

    /// Adds a segment after the last one.
    @inlinable
    public mutating func append(_ segment: Segment<Value>) {
        precondition(
            segment.end >= segment.start && segment.start >= (storedSegments.last?.end ?? -.infinity) - Self.overlapTolerance,
            "Animated: a segment must start where or after the last one ends")
        storedSegments.append(segment)
    }

    @inlinable
    public mutating func append(contentsOf more: [Segment<Value>]) {
        for segment in more { append(segment) }
    }


    /// True when the value changes at some instant (a segment that moves, or a jump).
    @inlinable
    public var isAnimated: Bool {
        var current = initial
        for segment in segments {
            if segment.from != current || segment.to != segment.from { return true }
            current = segment.to
        }
        return false
    }

    @inlinable
    public func value(at time: Double) -> Value {
        Self.value(at: time, initial: initial, segments: storedSegments)
    }

    /// `value(at:)` of the property made of `initial` and `segments` (sorted, not overlapping),
    /// without making an `Animated` (whose initialiser checks the order, O(segments)): for
    /// lowering's tracks under construction.
    @inlinable
    public static func value(at time: Double, initial: Value, segments: [Segment<Value>]) -> Value {
        // Binary search for the last segment starting at or before `time`.
        var low = 0, high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if segments[mid].start <= time { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return initial }
        let segment = segments[low - 1]
        return time >= segment.end ? segment.to : segment.value(at: time)
    }

    /// The same property frozen at one instant.
    @inlinable
    public func frozen(at time: Double) -> Animated<Value> {
        Animated(value(at: time), slot: slot)
    }

    /// Every instant at which the value may change direction or jump: segment starts and ends.
    public var keyTimes: [Double] {
        var times: [Double] = []
        for segment in segments {
            if times.last != segment.start { times.append(segment.start) }
            times.append(segment.end)
        }
        return times
    }

    @inlinable
    public func map<Other: Interpolatable>(_ transform: (Value) -> Other) -> Animated<Other> {
        Animated<Other>(
            transform(initial),
            segments: segments.map {
                Segment(start: $0.start, end: $0.end, from: transform($0.from), to: transform($0.to), easing: $0.easing)
            })
    }
}
