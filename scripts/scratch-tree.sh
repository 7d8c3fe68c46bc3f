# Sourced by scripts/check-new-language.sh and scripts/check-new-preference.sh: `scratch_tree NAME` copies the tree
# (the files git tracks, with their times, so that the build takes them for the files it built) and the debug build
# into a new folder, `$copy` (removed on exit), and sets `$same_path` and `$at_tree_path`.
#
# The debug build comes along (a real copy: its database is written in place), but not the release build and the test
# logs. Where it may, the caller builds the copy at the tree's own path, mounted over it in a mount namespace of its own
# (`"${at_tree_path[@]}" bash -c 'mount --bind COPY TREE && …'`): the build then keeps the module cache, which names
# the folder it was made in, and builds again only what the change needs (`same_path=true`). As root (CI) that is
# `unshare -m`; another user gets the namespace inside a user namespace of their own (`unshare -r -m`), where the
# kernel lets them mount (most do; files they write are still theirs). Elsewhere the module cache is left out and the
# copy is built where it is, from the start (minutes, not seconds).
scratch_tree() {
  copy=$(mktemp -d "${TMPDIR:-/tmp}/breathe-voice-$1.XXXXXX")
  trap 'rm -rf "$copy"' EXIT
  git ls-files -z | xargs -0 cp -p --parents -t "$copy"
  scratch_tree_entries .build
  same_path=false
  at_tree_path=()
  # Tried as it will be used: the copy mounted over the tree, in a namespace that ends at once.
  if [ "$(id -u)" = 0 ] && unshare -m mount --bind "$copy" "$PWD" 2>/dev/null; then
    at_tree_path=(unshare -m)
  elif unshare -r -m mount --bind "$copy" "$PWD" 2>/dev/null; then
    at_tree_path=(unshare -r -m)
  fi
  if [ ${#at_tree_path[@]} -gt 0 ]; then same_path=true; else rm -rf "$copy"/.build/*/debug/ModuleCache; fi
}

# FOLDER's entries into the copy, but for what the debug build does not need.
scratch_tree_entries() {
  mkdir -p "$copy/$1"
  local entry
  for entry in "$1"/* "$1"/.[!.]*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    case "$(basename "$entry")" in
      .lock | release | test-logs | test-stages | deb | static-libstdc++ | link-order*) continue ;;
      *-linux-gnu) scratch_tree_entries "$entry"; continue ;;
    esac
    cp -a --reflink=auto "$entry" "$copy/$1/"
  done
}
