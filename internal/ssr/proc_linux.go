package ssr

import "syscall"

// sysProcAttr has the kernel kill a worker when this process dies, however
// it dies, so no worker outlives the server.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
