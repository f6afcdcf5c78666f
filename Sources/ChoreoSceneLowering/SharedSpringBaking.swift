import ChoreoSceneModel
import Synchronization

/// The springs baked in this process, shared by every lowering and by the checks that count baked
/// segments before lowering (`checkOutputWork`, `checkBakedSegmentCount`): fitting a spring's
/// pieces is the most expensive pure function of a compile that does not grow with the scene,
/// and a compile used to fit each spring three times, the language server again on every edit.
/// Baking is a pure function of the spring and the tolerance (`SpringBisection`), so sharing it
/// changes no output. Bounded, since scenes are untrusted: past `springCapacity` springs, or
/// `tolerancesPerSpring` tolerances of one spring, it starts over.
final class SharedSpringBaking: Sendable {
    static let shared = SharedSpringBaking()

    static let springCapacity = 64
    static let tolerancesPerSpring = 1024

    private struct SpringKey: Hashable {
        var response: Double
        var dampingFraction: Double
    }

    private struct Entry {
        var bisection: SpringBisection
        var baked: [Double: [SpringPiece]] = [:]
        /// Tolerances this spring's pieces were computed at (a cache miss), counted for tests.
        var misses = 0
    }

    private let entries = Mutex<[SpringKey: Entry]>([:])

    /// How many times `spring`'s pieces were computed rather than found, since the cache last
    /// started over (0 if never).
    func missCount(of spring: SpringCurve) -> Int {
        let key = SpringKey(response: spring.response, dampingFraction: spring.dampingFraction)
        return entries.withLock { $0[key]?.misses ?? 0 }
    }

    /// `bakeSpring(spring, tolerance:)`, computed once per process for each spring and tolerance.
    func pieces(_ spring: SpringCurve, tolerance: Double) -> [SpringPiece] {
        let key = SpringKey(response: spring.response, dampingFraction: spring.dampingFraction)
        return entries.withLock { entries -> [SpringPiece] in
            if let pieces = entries[key]?.baked[tolerance] { return pieces }
            if entries[key] == nil, entries.count >= Self.springCapacity { entries.removeAll() }
            var entry = entries[key] ?? Entry(bisection: SpringBisection(spring))
            let pieces = entry.bisection.pieces(tolerance: tolerance)
            if entry.baked.count >= Self.tolerancesPerSpring { entry.baked.removeAll() }
            entry.baked[tolerance] = pieces
            entry.misses += 1
            entries[key] = entry
            return pieces
        }
    }
}
