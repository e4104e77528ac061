# Homebrew formula TEMPLATE for botpsy. Fill in @URL@ and @SHA256@ from the published sdist
# (see packaging/README.md), then `brew audit --new botpsy` and `brew install --build-from-source`.
# Python dependencies become `resource` blocks: `brew update-python-resources botpsy` writes them.
class Botpsy < Formula
  include Language::Python::Virtualenv

  desc "On-device personal assistant: a local model turns requests into tool calls"
  homepage "@HOMEPAGE@"
  url "@URL@"
  sha256 "@SHA256@"
  license "Apache-2.0"

  depends_on "cmake" => :build # llama-cpp-python compiles llama.cpp
  depends_on "python@3.12"

  def install
    virtualenv_install_with_resources
    generate_completions_from_executable(bin/"botpsy", "completions")
    (man1/"botpsy.1").write Utils.safe_popen_read(bin/"botpsy", "completions", "man")
  end

  service do
    run [opt_bin/"botpsy", "daemon"]
    keep_alive successful_exit: false
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/botpsy --version")
  end
end
