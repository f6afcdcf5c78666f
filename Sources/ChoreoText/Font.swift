import CFreeType
import CHarfBuzz
import ChoreoTimeline
import Foundation

/// Why a font could not be used.
public enum FontError: Error, Equatable, Sendable {
    /// The bytes exceed `Font.maximumBytes`.
    case tooLarge(bytes: Int)
    /// FreeType could not read the bytes as a font (its error code).
    case unreadable(code: Int32)
    /// A collection has no face at this index.
    case noFace(index: Int, faces: Int)
    /// The face has no outlines, only pictures of its glyphs (a colour emoji font's CBDT or sbix
    /// bitmaps): there is nothing to draw as a shape.
    case bitmapOnly
    /// The weight is outside what the font has: a static font has one weight, a variable font a range.
    case weightUnavailable(requested: Double, available: ClosedRange<Double>)
}

/// One face of a TrueType/OpenType font (or of a collection), read from its bytes, at one weight.
///
/// Fonts are untrusted input: the bytes are bounded before FreeType or HarfBuzz sees them, every
/// FreeType error is a `FontError` or a glyph without an outline, and nothing is read from
/// anywhere but the bytes given.
public final class Font: @unchecked Sendable {
    /// The largest font file read.
    public static let maximumBytes = 32 * 1024 * 1024

    /// The face's family name as the font states it.
    public let familyName: String
    /// Font units per em: outlines and advances are in these units.
    public let unitsPerEm: Double
    /// The face's weight (OS/2 usWeightClass, or the `wght` axis value in use).
    public let weight: Double
    /// The horizontal extents as HarfBuzz reports them, in font units (descent positive, below the baseline).
    public let ascent: Double
    public let descent: Double

    private let bytes: UnsafeMutableRawBufferPointer
    private let library: FT_Library
    private let face: FT_Face
    private let hbFont: OpaquePointer
    private let lock = NSLock()
    /// Outlines by glyph id, in font units with y down: each glyph is decomposed once per font.
    private var outlines: [UInt32: [Contour]] = [:]

    /// Reads face `index` of `data`; `weight` (100…900 style) picks a variable font's instance and
    /// must match a static font's own weight.
    public init(data: [UInt8], index: Int = 0, weight: Double? = nil) throws(FontError) {
        guard data.count <= Font.maximumBytes else { throw .tooLarge(bytes: data.count) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        buffer.copyBytes(from: data)
        var library: FT_Library?
        var status = FT_Init_FreeType(&library)
        guard status == 0, let library else {
            buffer.deallocate()
            throw .unreadable(code: status)
        }
        var probe: FT_Face?
        status = FT_New_Memory_Face(library, buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), -1, &probe)
        guard status == 0, let probe else {
            FT_Done_FreeType(library)
            buffer.deallocate()
            throw .unreadable(code: status)
        }
        let faceCount = Int(probe.pointee.num_faces)
        FT_Done_Face(probe)
        guard index >= 0, index < faceCount else {
            FT_Done_FreeType(library)
            buffer.deallocate()
            throw .noFace(index: index, faces: faceCount)
        }
        var opened: FT_Face?
        status = FT_New_Memory_Face(library, buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), FT_Long(index), &opened)
        guard status == 0, let face = opened else {
            if let opened { FT_Done_Face(opened) }
            FT_Done_FreeType(library)
            buffer.deallocate()
            throw .unreadable(code: status)
        }
        // FreeType opens a bitmap-only face (Noto Color Emoji) with no units per em.
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 else {
            let scalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            buffer.deallocate()
            throw scalable ? .unreadable(code: 0) : .bitmapOnly
        }
        let upem = Double(face.pointee.units_per_EM)
        // One pixel per font unit, so 26.6 outline coordinates divided by 64 are font units, with
        // any variation applied (unscaled loading would skip it).
        status = FT_Set_Char_Size(face, 0, FT_F26Dot6(face.pointee.units_per_EM) * 64, 72, 72)
        guard status == 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            buffer.deallocate()
            throw .unreadable(code: status)
        }

        let blob = hb_blob_create(
            buffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(data.count), HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        let hbFont = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)

        let ownWeight = Font.staticWeight(face)
        var chosen = ownWeight
        if let range = Font.weightAxis(face) {
            let requested = weight ?? Swift.min(Swift.max(ownWeight, range.range.lowerBound), range.range.upperBound)
            guard range.range.contains(requested) else {
                hb_font_destroy(hbFont)
                FT_Done_Face(face)
                FT_Done_FreeType(library)
                buffer.deallocate()
                throw .weightUnavailable(requested: requested, available: range.range)
            }
            chosen = requested
            var coordinates = range.defaults
            coordinates[range.axis] = FT_Fixed(requested * 65536)
            _ = coordinates.withUnsafeMutableBufferPointer { FT_Set_Var_Design_Coordinates(face, FT_UInt($0.count), $0.baseAddress) }
            var variation = hb_variation_t(tag: Font.tag("wght"), value: Float(requested))
            hb_font_set_variations(hbFont, &variation, 1)
        } else if let weight, abs(weight - ownWeight) > 0.5 {
            hb_font_destroy(hbFont)
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            buffer.deallocate()
            throw .weightUnavailable(requested: weight, available: ownWeight...ownWeight)
        }

        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(hbFont, &extents)
        self.bytes = buffer
        self.library = library
        self.face = face
        self.hbFont = hbFont
        self.unitsPerEm = upem
        self.weight = chosen
        self.ascent = Double(extents.ascender)
        self.descent = -Double(extents.descender)
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        bytes.deallocate()
    }

    static func tag(_ text: StaticString) -> hb_tag_t {
        text.withUTF8Buffer { bytes in bytes.reduce(0) { $0 << 8 | hb_tag_t($1) } }
    }

    private static func staticWeight(_ face: FT_Face) -> Double {
        guard let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) else {
            return face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
        }
        let weight = table.assumingMemoryBound(to: TT_OS2.self).pointee.usWeightClass
        return weight == 0 ? 400 : Double(weight)
    }

    /// The `wght` axis of a variable font: its index, range, and every axis's default coordinate.
    private static func weightAxis(_ face: FT_Face) -> (axis: Int, range: ClosedRange<Double>, defaults: [FT_Fixed])? {
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return nil }
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return nil }
        defer { FT_Done_MM_Var(face.pointee.glyph.pointee.library, master) }
        let axes = UnsafeBufferPointer(start: master.pointee.axis, count: Int(master.pointee.num_axis))
        guard let index = axes.firstIndex(where: { $0.tag == FT_ULong(tag("wght")) }) else { return nil }
        let axis = axes[index]
        let low = Double(axis.minimum) / 65536, high = Double(axis.maximum) / 65536
        guard low <= high else { return nil }
        return (index, low...high, axes.map(\.def))
    }

    /// The glyph's outline in font units, y down (nil-free: a glyph FreeType cannot load draws nothing).
    func outline(glyph: UInt32) -> [Contour] {
        lock.lock()
        defer { lock.unlock() }
        if let cached = outlines[glyph] { return cached }
        var contours: [Contour] = []
        if FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
            face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        {
            contours = decompose(&face.pointee.glyph.pointee.outline)
        }
        outlines[glyph] = contours
        return contours
    }

    /// Shapes one line: each directional run in its direction, the runs in visual order; glyph ids,
    /// clusters (UTF-8 offsets in the line) and positions in font units.
    func shape(_ text: String) -> [ShapedGlyph] {
        let runs = directionalRuns(text)
        lock.lock()
        defer { lock.unlock() }
        let utf8 = Array(text.utf8)
        var glyphs: [ShapedGlyph] = []
        for run in runs {
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            // The whole line is the run's context, so clusters are offsets in the line and shaping
            // at a run's edges sees its neighbours.
            utf8.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), UInt32(run.utf8.lowerBound), Int32(run.utf8.count))
                }
            }
            hb_buffer_set_direction(buffer, run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count)
            else { continue }
            // Not `reserveCapacity(glyphs.count + count)`: reserved per run, exactly, the array was
            // copied whole for every run, quadratic in a line of many directional runs.
            for index in 0..<Int(count) {
                let info = infos[index], position = positions[index]
                glyphs.append(
                    ShapedGlyph(
                        glyph: info.codepoint, cluster: Int(info.cluster), advance: Double(position.x_advance),
                        offset: Point(Double(position.x_offset), -Double(position.y_offset))))
            }
        }
        return glyphs
    }
}

struct ShapedGlyph {
    var glyph: UInt32
    /// The UTF-8 offset in the line of the first character the glyph draws.
    var cluster: Int
    var advance: Double
    var offset: Point
    /// The font the glyph is from: 0 for the font shaping, 1 + the index of a fallback.
    var font = 0
}

/// Collects FreeType's decomposition of an outline into contours (quadratic curves raised to cubic).
private final class OutlineBuilder {
    var contours: [Contour] = []
    var vertices: [BezierVertex] = []
    var current = Point.zero

    func point(_ vector: UnsafePointer<FT_Vector>?) -> Point {
        guard let vector else { return .zero }
        return Point(Double(vector.pointee.x) / 64, -Double(vector.pointee.y) / 64)
    }

    func move(_ to: Point) {
        finish()
        vertices = [BezierVertex(to)]
        current = to
    }

    func cubic(_ c1: Point, _ c2: Point, _ to: Point) {
        guard !vertices.isEmpty else { return move(to) }
        vertices[vertices.count - 1].outTangent = Point(c1.x - current.x, c1.y - current.y)
        vertices.append(BezierVertex(to, in: Point(c2.x - to.x, c2.y - to.y)))
        current = to
    }

    func finish() {
        guard !vertices.isEmpty else { return }
        // A contour returns to its start: the closing vertex becomes the first vertex's incoming curve.
        if vertices.count > 1, let last = vertices.last, last.point == vertices[0].point {
            vertices[0].inTangent = last.inTangent
            vertices.removeLast()
        }
        if vertices.count > 1 { contours.append(Contour(vertices, closed: true)) }
        vertices = []
    }
}

private func builder(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
    Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
}

private func decompose(_ outline: UnsafeMutablePointer<FT_Outline>) -> [Contour] {
    let collector = OutlineBuilder()
    var funcs = FT_Outline_Funcs(
        move_to: { to, user in
            let b = builder(user)
            b.move(b.point(to))
            return 0
        },
        line_to: { to, user in
            let b = builder(user)
            let p = b.point(to)
            b.cubic(b.current, p, p)
            return 0
        },
        conic_to: { control, to, user in
            let b = builder(user)
            let c = b.point(control), p = b.point(to), s = b.current
            b.cubic(
                Point(s.x + 2 / 3 * (c.x - s.x), s.y + 2 / 3 * (c.y - s.y)),
                Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y)), p)
            return 0
        },
        cubic_to: { c1, c2, to, user in
            let b = builder(user)
            b.cubic(b.point(c1), b.point(c2), b.point(to))
            return 0
        },
        shift: 0, delta: 0)
    let status = FT_Outline_Decompose(outline, &funcs, Unmanaged.passUnretained(collector).toOpaque())
    guard status == 0 else { return [] }
    collector.finish()
    return collector.contours
}
