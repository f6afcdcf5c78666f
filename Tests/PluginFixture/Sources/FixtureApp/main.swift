import Foundation

// Prints, for each compiled scene, its resource name, the size of the bundled file and the Lottie
// markers in it: scripts/test-plugin.sh checks these against the scenes.
for name in ["spinner", "toggle-button"] {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
        print("\(name): missing from Bundle.module")
        exit(1)
    }
    let data = try Data(contentsOf: url)
    let document = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let markers = (document["markers"] as? [[String: Any]] ?? []).compactMap { $0["cm"] as? String }
    print("\(name): \(data.count) bytes, nm=\(document["nm"] as? String ?? "?"), markers=\(markers.joined(separator: ","))")
}
