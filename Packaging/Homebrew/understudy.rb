# A Homebrew formula for the `understudy` command, built from source as Homebrew's Swift tools
# are. Not run in this repository's CI (Homebrew is not installed there): it is checked by
# `ruby -c` where Ruby exists, and by `brew install --build-from-source` and `brew test` in a
# tap. To publish a release: copy this file into a tap (`brew tap-new OWNER/tap`), set `url`
# to the release's tag and `sha256` to `curl -sL URL | shasum -a 256`.
class Understudy < Formula
  desc "WireMock-compatible HTTP mock server and stub tool written in Swift"
  homepage "https://github.com/understudy-swift/understudy"
  url "https://github.com/understudy-swift/understudy/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000" # set at release
  head "https://github.com/understudy-swift/understudy.git", branch: "main"

  # Package.swift is swift-tools-version 6.2: Xcode 26 on macOS, Homebrew's swift on Linux.
  depends_on xcode: ["26.0", :build]
  depends_on macos: :ventura
  uses_from_macos "swift" => :build

  def install
    # SwiftPM's own sandbox cannot start inside Homebrew's on macOS; on Linux the Swift runtime
    # is linked in, so the command does not depend on the swift formula once built.
    args = OS.mac? ? ["--disable-sandbox"] : ["--static-swift-stdlib"]
    system "swift", "build", *args, "--configuration", "release", "--product", "understudy"
    bin.install ".build/release/understudy"
    generate_completions_from_executable(bin/"understudy", "--generate-completion-script")
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/understudy --version") unless build.head?

    (testpath/"mappings/hello.json").write <<~JSON
      {"request": {"method": "GET", "urlPath": "/hello"}, "response": {"status": 200, "body": "hello"}}
    JSON
    assert_match "1 stub(s), no problems", shell_output("#{bin}/understudy lint #{testpath}")

    port = free_port
    pid = spawn bin/"understudy", "serve", "--root-dir", testpath.to_s, "--port", port.to_s
    begin
      output = ""
      50.times do
        output = shell_output("curl -s http://127.0.0.1:#{port}/hello 2>&1 || true")
        break if output == "hello"

        sleep 0.2
      end
      assert_equal "hello", output
    ensure
      Process.kill("TERM", pid)
      Process.wait(pid)
    end
  end
end
