import ChoreoDiagnostics
import ChoreoMedia
import ChoreoRaster
import ChoreoScene
import ChoreoTimeline
import Foundation

/// `choreo-bench --render SCENE RAW`: the cost of `choreo render`'s two halves on one scene's reel,
/// for `Tests/conformance/render_bench.py`, which times ThorVG and the encoders' own tools on the
/// same frames in the same run. Draws every frame of the reel (best CPU time of three passes),
/// writes them as raw RGBA to RAW for the tools, then encodes them in each format from memory
/// (best of three) and prints one JSON object: the frame count and size, the drawing's seconds
/// and each format's encoding seconds and bytes, and libpng writing every frame as a PNG
/// (`png-frames`, the APNG's baseline).
func runRenderTiming(scenePath: String, rawPath: String) {
    guard let data = FileManager.default.contents(atPath: scenePath) else {
        FileHandle.standardError.write(Data("choreo-bench: cannot read \(scenePath)\n".utf8))
        exit(2)
    }
    let compilation = compileScene(SourceFile(path: scenePath, bytes: [UInt8](data)))
    guard let timeline = compilation.timeline else {
        FileHandle.standardError.write(Data("choreo-bench: \(scenePath) has errors\n".utf8))
        exit(1)
    }
    let width = Int(timeline.width.rounded(.up)), height = Int(timeline.height.rounded(.up))
    let fps = Int(timeline.fps.rounded())
    let times = ClipTimes.reel(timeline, fps: fps).times
    let rasterizer = TimelineRasterizer(timeline: timeline, width: width, height: height)
    var frames = [[UInt8]](repeating: [], count: times.count)
    var drawing = Double.infinity
    for _ in 0..<3 {
        drawing = min(drawing, cpuTime {
            for (index, time) in times.enumerated() { frames[index] = rasterizer.render(at: time) }
        })
    }
    FileManager.default.createFile(atPath: rawPath, contents: Data(frames.joined()))
    let sequence = FrameSequence(width: width, height: height, count: frames.count, fps: fps) { index, pixels in
        pixels = frames[index]
    }
    var encodings: [String] = []
    for format in MediaFormat.allCases {
        var best = Double.infinity
        var size = 0
        for _ in 0..<3 {
            best = min(best, cpuTime {
                let bytes: [UInt8]? = switch format {
                case .png: try? PNGEncoding.png(rgba: frames[0], width: width, height: height)
                case .apng: try? PNGEncoding.apng(sequence)
                case .webp: try? WebPEncoding.animation(sequence)
                case .gif: try? GIFEncoding.animation(sequence)
                case .mp4: try? VideoEncoding.encode(sequence, codec: .h264)
                case .webm: try? VideoEncoding.encode(sequence, codec: .vp9)
                }
                size = bytes?.count ?? -1
            })
        }
        encodings.append("\"\(format.rawValue)\": {\"seconds\": \(best), \"bytes\": \(size)}")
    }
    // libpng's own cost for the APNG's pictures: every frame written whole as a PNG.
    var pngFrames = Double.infinity
    for _ in 0..<3 {
        pngFrames = min(pngFrames, cpuTime {
            for frame in frames { _ = try? PNGEncoding.png(rgba: frame, width: width, height: height) }
        })
    }
    encodings.append("\"png-frames\": {\"seconds\": \(pngFrames), \"bytes\": 0}")
    print("{\"frames\": \(frames.count), \"width\": \(width), \"height\": \(height), \"fps\": \(fps), \"drawing\": \(drawing), \"encoding\": {\(encodings.joined(separator: ", "))}}")
}
