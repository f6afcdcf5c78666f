import ChoreoDiagnostics
import ChoreoScene
import ChoreoTimeline

/// The importer as the scene compiler's `ArtworkLoading`: `artwork:` nodes become what
/// `choreo import` writes for the same SVG, so the two cannot disagree.
public struct SVGArtworkLoader: ArtworkLoading {
    public init() {}

    public func artwork(from bytes: [UInt8], element: String?, fittingInto size: Point?) -> Result<LoadedArtwork, ArtworkFinding> {
        switch ArtworkMapper.map(bytes: bytes, element: element, fitting: size) {
        case let .failure(error):
            return .failure(ArtworkFinding(error.message, line: error.line, column: error.column))
        case let .success(artwork):
            var text = ""
            for node in artwork.nodes { ArtworkYAMLWriter.write(node, indent: "", to: &text) }
            if artwork.nodes.isEmpty { text = "[]\n" }
            return .success(LoadedArtwork(
                nodes: text,
                warnings: artwork.warnings.map { ArtworkFinding($0.message, line: $0.location.line, column: $0.location.column) },
                elements: artwork.locations.mapValues { SourceLocation(line: $0.line, column: $0.column) }))
        }
    }
}
