document.getElementById('root')!.textContent = 'loading';
